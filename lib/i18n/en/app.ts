/**
 * The app's frame and its pages (routes/): page titles and descriptions of the route table, the
 * header and footer, the cookie banner, the session dialog, the 404, and terms pages.
 */
export const app = {
  'app.name': 'Manufacture',
  'app.titleTemplate': '{title} | Manufacture',
  'app.defaultTitle': 'Manufacture: instant quotes for 3D printing, CNC machining and vacuum casting',
  'app.defaultDescription': 'Instant quotes for 3D printing, CNC machining and vacuum casting: upload STL or STEP files and see price and lead time.',
  'app.skipToContent': 'Skip to content',
  'app.nav.main': 'Main',
  'app.nav.quote': 'Instant quote',
  'app.nav.account': 'My account',
  'app.nav.accountOf': 'My account ({name})',
  'app.nav.logOut': 'Log out',
  'app.nav.logIn': 'Log in',
  'app.nav.signUp': 'Sign up',
  'app.footer.exw': 'Parts ship on EXW (Incoterms 2020) terms: you choose the carrier and pay shipping and import duties.',
  'app.footer.contact': 'Contact us',
  'app.footer.terms': 'Terms of use',
  'app.footer.privacy': 'Privacy policy',
  'app.notifications': 'Notifications',
  'app.checkingAccount': 'Checking your account…',
  'app.sessionDialog.title': 'Sign in to continue',
  'app.sessionDialog.body': 'Your session has ended. Sign in again to keep working on this quote; nothing on the page is lost.',

  // Route titles, descriptions and summaries (routes/route-table.ts)
  'route.login.title': 'Log In',
  'route.signup.title': 'Sign Up',
  'route.resetPassword.title': 'Reset Password',
  'route.logOut.title': 'Log Out',
  'route.quote.title': 'Instant Quote',
  'route.quote.description': 'Upload STL or STEP files and get an instant price and lead time for 3D printing, CNC machining and vacuum casting.',
  'route.quoteProject.title': 'Quote',
  'route.quoteShared.title': 'Shared quote',
  'route.impossible.title': 'Impossible 3D Prints',
  'route.impossible.description': 'Parts other services turn down: we quote them anyway, and say honestly what it takes to print them.',
  'route.additionalCost.title': 'Additional Cost',
  'route.additionalCostPayment.title': 'Additional Cost Payment',
  'route.additionalCostPayment.summary': 'Pay an additional-cost order.',
  'route.additionalCostSuccess.title': 'Additional Cost Paid',
  'route.additionalCostSuccess.summary': 'Your additional-cost payment was received.',
  'route.checkout.title': 'Order Confirmation',
  'route.checkout.summary': 'Confirm parts, shipping and billing before paying.',
  'route.checkoutPayment.title': 'Payment',
  'route.checkoutPayment.summary': 'Pay with your balance, a card in USD, or a bank transfer.',
  'route.checkoutSuccess.title': 'Order Placed',
  'route.checkoutSuccess.summary': 'Your order is placed.',
  'route.agencyPayment.title': 'Agency Payment',
  'route.agencyPayment.summary': 'Pay an order on behalf of someone else, no account needed.',
  'route.notFound.title': 'Page Not Found',
  'route.terms.title': 'Terms of Use',
  'route.contact.title': 'Contact Us',
  'route.contact.description': 'Questions about a quote, an order or your account? Write to us; we reply within 24 hours.',
  'route.quickLogin.title': 'Signing In',

  // The 404 page
  'notFound.heading': 'Page not found',
  'notFound.body': 'The page you asked for does not exist or has moved.',
  'notFound.quoteLink': 'Get an instant quote',

  // Pages whose screens come with a later issue

  // Terms of use and privacy policy
  'terms.pageTitle': 'Terms of use and privacy',
  'terms.tabs': 'Policies',
  'terms.tab.terms': 'Terms of use',
  'terms.tab.privacy': 'Privacy policy',
  'terms.terms.heading': 'Terms of use',
  'terms.terms.quotes': 'Quotes are calculated from the files you upload and the options you choose. The price shown at checkout is the price you pay; prices held by a quote document stay valid for {holdDays, plural, one {# day} other {# days}}.',
  'terms.terms.exw': 'Parts ship on EXW (Incoterms 2020) terms: ownership and risk pass to you when the parts are ready for collection, and shipping, insurance and import duties are yours.',
  'terms.terms.retention': 'Uploaded 3D files are kept for {fileMonths, plural, one {# month} other {# months}}, then deleted. Reload and transaction history stays visible for {historyYears, plural, one {# year} other {# years}}.',
  'terms.terms.afterSale': 'If a part does not match the order, ask for it to be made again through an after-sale order.',
  'terms.privacy.heading': 'Privacy policy',
  'terms.privacy.what': 'We keep what we need to quote, make and ship your parts: your account details, addresses, files and orders.',
  'terms.privacy.cookies': 'Cookies and local storage keep you signed in and remember that you accepted this notice. We do not sell your data.',
  'terms.privacy.deletion': 'You can delete your account from your profile; we email a confirmation link that is valid for {hours, plural, one {# hour} other {# hours}}.',
  'terms.privacy.questions': 'Questions about your data: contact us, and we reply within {hours, plural, one {# hour} other {# hours}}.',

  // The cookie banner (features/consent)
  'cookie.region': 'Cookie consent',
  'cookie.message': 'We use cookies to keep you signed in and to understand how our quotes are used. <link>Read our privacy policy</link>.',
  'cookie.accept': 'Accept cookies',
} as const;
