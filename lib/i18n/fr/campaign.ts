import type { campaign as en } from '../en/campaign.ts';
import type { AreaTranslation } from '../messages-en.ts';

export const campaign: AreaTranslation<typeof en> = {
  'campaign.lead':
    'Treillis, formes organiques, charnières imprimées déjà assemblées, parois plus fines qu’une carte bancaire, pièces de la taille d’une valise : envoyez-nous le fichier que d’autres services ont refusé. Vous obtenez un prix en quelques secondes et, si un fichier doit être retouché, nous vous disons quoi et comment le corriger.',
  'campaign.cta': 'Obtenir un devis d’impression 3D immédiat',
  'campaign.formats': 'STL, STEP, OBJ ou 3MF, jusqu’à {size} Mo par fichier. Pas besoin de compte pour obtenir un prix.',
  'campaign.what.heading': 'Ce que nous imprimons quand d’autres refusent',
  'campaign.what.organic': 'Formes organiques et treillis',
  'campaign.what.organicBody': 'Gyroïdes, sculptures numérisées, supports optimisés topologiquement : le prix dépend du volume et de la hauteur de la pièce, jamais de son apparente complexité.',
  'campaign.what.assembled': 'Assemblages imprimés d’un seul tenant',
  'campaign.what.assembledBody': 'Charnières, chaînes et pièces captives sortent de l’imprimante déjà assemblées en {materials} : la poudre les soutient, aucun support n’est à découper dans les jeux.',
  'campaign.what.fine': 'Détails fins',
  'campaign.what.fineBody': 'Détails jusqu’à {size} mm en résine et en métal. Quand une pièce est plus petite que ce que son matériau permet de fabriquer, le devis le dit avant que vous payiez.',
  'campaign.what.big': 'Grandes pièces',
  'campaign.what.bigBody': 'Pièces jusqu’à {size} d’un seul tenant ; les petites peuvent être expédiées en {days, plural, one {# jour ouvré} other {# jours ouvrés}} avec le délai express.',
  'campaign.materials.heading': 'Ce que fabrique chaque matériau',
  'campaign.materials.caption': 'Matériaux d’impression 3D : la plus grande pièce, le détail le plus fin et le délai le plus court de chacun',
  'campaign.materials.material': 'Matériau',
  'campaign.materials.largest': 'Plus grande pièce',
  'campaign.materials.finest': 'Détail le plus fin',
  'campaign.materials.fastest': 'Délai le plus court',
  'campaign.size': '{x} × {y} × {z} mm',
  'campaign.mm': '{value} mm',
  'campaign.days': '{count, plural, one {# jour ouvré} other {# jours ouvrés}}',
  'campaign.how.heading': 'Comment fonctionne le devis',
  'campaign.how.upload': 'Déposez votre fichier : il est lu dans votre navigateur et sur notre serveur, puis mesuré.',
  'campaign.how.check': 'Chaque vérification est montrée avec la marche à suivre : arêtes ouvertes, coques isolées, pièces trop grandes ou trop petites pour le matériau, unités à confirmer.',
  'campaign.how.price': 'Choisissez matériau, couleur, quantité et finitions : le prix et la date d’expédition suivent chaque changement, et le prix affiché est celui que vous payez.',
  'campaign.how.exw': 'Les pièces sont expédiées EXW (Incoterms 2020) avec le transporteur de votre choix : transport, droits et taxes sont facturés par votre transporteur, pas ajoutés au prix.',
};
