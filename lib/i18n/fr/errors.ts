import type { errors as en } from '../en/errors.ts';
import type { AreaTranslation } from '../messages-en.ts';

export const errors: AreaTranslation<typeof en> = {
  'error.timeout': 'Le système est occupé, veuillez réessayer plus tard',
  'error.network': 'Erreur réseau inconnue',
  'error.generic': 'Erreur',
  'error.unknown': 'Erreur inconnue',
  'error.unexpected': 'Erreur inattendue, veuillez contacter le service client.',
  'error.reload': 'Erreur inconnue, veuillez recharger la page.',
  'error.copy': 'Impossible de copier, veuillez copier manuellement.',
  'error.orderIdNotFound': 'Identifiant de commande introuvable.',
  'error.orderNotFound': 'Commande introuvable.',
  'error.quotationFetch': 'Impossible de récupérer les données du devis.',
  'error.projectCreate': 'Impossible de créer un nouveau projet.',
  'error.maintenance': 'Le service est en cours de mise à jour, veuillez revenir plus tard.',
  'error.emailRegistered': 'Cette adresse e-mail est déjà enregistrée ; activez-la depuis l’e-mail reçu.',
  'success.signIn': 'Connexion réussie.',
};
