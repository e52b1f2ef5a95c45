import type { common as en } from '../en/common.ts';
import type { AreaTranslation } from '../messages-en.ts';

export const common: AreaTranslation<typeof en> = {
  'common.cancel': 'Annuler',
  'common.close': 'Fermer',
  'common.save': 'Enregistrer',
  'common.remove': 'Retirer',
  'common.tryAgain': 'Réessayer',
  'common.yes': 'Oui',
  'common.no': 'Non',
  'common.loading': 'Chargement…',
  'common.showPassword': 'Afficher le mot de passe',
  'common.dismiss': 'Fermer',
  'common.decrease': 'Diminuer',
  'common.increase': 'Augmenter',
  'common.form.errorCount': '{count, plural, one {# champ demande} other {# champs demandent}} votre attention avant l’envoi du formulaire.',
  'pagination.label': 'Pagination',
  'pagination.pageOf': 'Page {page} sur {pageCount}',
  'pagination.showing': '{first}–{last} sur {total}',
  'pagination.pageSize': 'Lignes par page',
  'pagination.previous': 'Page précédente',
  'pagination.next': 'Page suivante',
};
