import type { app as en } from '../en/app.ts';
import type { AreaTranslation } from '../messages-en.ts';

export const app: AreaTranslation<typeof en> = {
  'app.name': 'Manufacture',
  'app.titleTemplate': '{title} | Manufacture',
  'app.defaultTitle': 'Manufacture : devis instantanés pour l’impression 3D, l’usinage CNC et la coulée sous vide',
  'app.defaultDescription':
    'Devis instantanés pour l’impression 3D, l’usinage CNC et la coulée sous vide : envoyez vos fichiers STL ou STEP et voyez le prix et le délai.',
  'app.skipToContent': 'Aller au contenu',
  'app.nav.main': 'Principale',
  'app.nav.quote': 'Devis instantané',
  'app.nav.account': 'Mon compte',
  'app.nav.accountOf': 'Mon compte ({name})',
  'app.nav.logOut': 'Se déconnecter',
  'app.nav.logIn': 'Se connecter',
  'app.nav.signUp': 'Créer un compte',
  'app.footer.exw': 'Les pièces sont expédiées aux conditions EXW (Incoterms 2020) : vous choisissez le transporteur et payez le transport et les droits d’importation.',
  'app.footer.contact': 'Nous contacter',
  'app.footer.terms': 'Conditions d’utilisation',
  'app.footer.privacy': 'Politique de confidentialité',
  'app.notifications': 'Notifications',
  'app.checkingAccount': 'Vérification de votre compte…',
  'app.sessionDialog.title': 'Connectez-vous pour continuer',
  'app.sessionDialog.body': 'Votre session a expiré. Reconnectez-vous pour continuer ce devis ; rien n’est perdu sur la page.',

  'route.login.title': 'Connexion',
  'route.signup.title': 'Inscription',
  'route.resetPassword.title': 'Réinitialiser le mot de passe',
  'route.logOut.title': 'Déconnexion',
  'route.quote.title': 'Devis instantané',
  'route.quote.description':
    'Envoyez vos fichiers STL ou STEP et obtenez instantanément un prix et un délai pour l’impression 3D, l’usinage CNC et la coulée sous vide.',
  'route.quoteProject.title': 'Devis',
  'route.quoteShared.title': 'Devis partagé',
  'route.impossible.title': 'Impressions 3D impossibles',
  'route.impossible.description': 'Les pièces que les autres refusent : nous les chiffrons quand même, et disons honnêtement ce qu’il faut pour les imprimer.',
  'route.additionalCost.title': 'Frais supplémentaires',
  'route.additionalCostPayment.title': 'Paiement de frais supplémentaires',
  'route.additionalCostPayment.summary': 'Payez une commande de frais supplémentaires.',
  'route.additionalCostSuccess.title': 'Frais supplémentaires payés',
  'route.additionalCostSuccess.summary': 'Votre paiement de frais supplémentaires a été reçu.',
  'route.checkout.title': 'Confirmation de commande',
  'route.checkout.summary': 'Vérifiez les pièces, la livraison et la facturation avant de payer.',
  'route.checkoutPayment.title': 'Paiement',
  'route.checkoutPayment.summary': 'Payez avec votre solde, une carte en USD ou un virement bancaire.',
  'route.checkoutSuccess.title': 'Commande passée',
  'route.checkoutSuccess.summary': 'Votre commande est passée.',
  'route.agencyPayment.title': 'Paiement pour un tiers',
  'route.agencyPayment.summary': 'Payez une commande pour le compte de quelqu’un d’autre, sans compte.',
  'route.notFound.title': 'Page introuvable',
  'route.terms.title': 'Conditions d’utilisation',
  'route.contact.title': 'Nous contacter',
  'route.contact.description': 'Une question sur un devis, une commande ou votre compte ? Écrivez-nous ; nous répondons sous 24 heures.',
  'route.quickLogin.title': 'Connexion',

  'notFound.heading': 'Page introuvable',
  'notFound.body': 'La page demandée n’existe pas ou a été déplacée.',
  'notFound.quoteLink': 'Obtenir un devis instantané',


  'terms.pageTitle': 'Conditions d’utilisation et confidentialité',
  'terms.tabs': 'Politiques',
  'terms.tab.terms': 'Conditions d’utilisation',
  'terms.tab.privacy': 'Politique de confidentialité',
  'terms.terms.heading': 'Conditions d’utilisation',
  'terms.terms.quotes':
    'Les devis sont calculés à partir des fichiers envoyés et des options choisies. Le prix affiché à la commande est le prix payé ; les prix d’un document de devis restent valables {holdDays, plural, one {# jour} other {# jours}}.',
  'terms.terms.exw':
    'Les pièces sont expédiées aux conditions EXW (Incoterms 2020) : la propriété et les risques vous sont transférés lorsque les pièces sont prêtes à être enlevées ; le transport, l’assurance et les droits d’importation sont à votre charge.',
  'terms.terms.retention':
    'Les fichiers 3D envoyés sont conservés {fileMonths, plural, one {# mois} other {# mois}}, puis supprimés. L’historique des rechargements et des transactions reste visible {historyYears, plural, one {# an} other {# ans}}.',
  'terms.terms.afterSale': 'Si une pièce ne correspond pas à la commande, demandez sa refabrication par une commande après-vente.',
  'terms.privacy.heading': 'Politique de confidentialité',
  'terms.privacy.what': 'Nous conservons ce qu’il faut pour chiffrer, fabriquer et expédier vos pièces : vos informations de compte, adresses, fichiers et commandes.',
  'terms.privacy.cookies': 'Les cookies et le stockage local vous gardent connecté et retiennent que vous avez accepté cet avis. Nous ne vendons pas vos données.',
  'terms.privacy.deletion':
    'Vous pouvez supprimer votre compte depuis votre profil ; nous envoyons par e-mail un lien de confirmation valable {hours, plural, one {# heure} other {# heures}}.',
  'terms.privacy.questions': 'Une question sur vos données : contactez-nous, nous répondons sous {hours, plural, one {# heure} other {# heures}}.',

  'cookie.region': 'Consentement aux cookies',
  'cookie.message': 'Nous utilisons des cookies pour vous garder connecté et comprendre l’usage de nos devis. <link>Lire notre politique de confidentialité</link>.',
  'cookie.accept': 'Accepter les cookies',
};
