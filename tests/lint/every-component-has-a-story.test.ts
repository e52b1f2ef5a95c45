import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * Issue 17 item 2: every screen a customer can reach has a story. Each exported React component of
 * `features/<area>/components/<name>.tsx` and `routes/pages/<name>.tsx` must be rendered by the story
 * file that mirrors it (`stories/features/<area>/<name>.stories.tsx`, `stories/routes/pages/<name>.stories.tsx`):
 * the story file imports it from its module and uses it (as `component:` or in JSX).
 */

const root = process.cwd();

/**
 * Components that are not screens, so need no story of their own. Keep this list short; each entry says
 * where the component is seen instead.
 */
const EXEMPT: Record<string, string> = {
  // The console's shared pieces (issue 37 item 4's clean-up, issue 38 item 2): each drawn by the screens that use them.
  'features/ops/components/ops-queue.tsx#OpsQueue': 'part of OpsClaims and OpsReviews (Default, Empty, MoreWaiting, NotAllowed)',
  'features/ops/components/ops-decision-dialog.tsx#OpsRefuseDialog': 'part of OpsClaims (RefuseNeedsAReason, Refuse) and OpsReviews (Refuse)',
  'features/ops/components/ops-dialog-footer.tsx#OpsDialogFooter': 'part of OpsClaims Approve, OpsReviews AnswerWithAPrice and OpsAdditionalCosts Create',
  'features/ops/components/ops-order-board.tsx#OpsOrderBoard': 'part of OpsOrderList (Board, SwitchToBoard)',
  'features/ops/components/ops-order-files.tsx#OpsOrderFiles': 'part of OpsOrderPage (Files)',
  'features/ops/components/ops-part-viewer.tsx#OpsPartViewer': 'loaded by OpsOrderFiles (OpsOrderPage: ViewIn3D)',
  // The recovery codes shown once (ADR 223): seen in StaffSettings' Renew and StaffInvitation's Accept stories.
  'features/ops/components/staff-recovery-codes.tsx#StaffRecoveryCodes': 'part of StaffSettings and StaffInvitation',
  // The quote view's keeper of the empty-folder note across its swap to the workspace: no screen of its own.
  'features/quote/components/quote-start.tsx#FolderNoteProvider': 'a context QuoteView draws around the start screen and the workspace',
  // A field inside the profile form: its states are ProfileForm's stories.
  'features/account/components/avatar-field.tsx#AvatarField': 'part of ProfileForm',
  // The yes/no dialog of the address books (and the chunk it loads, ADR 140): seen in AddressBook's and
  // BillingAddressBook's delete stories.
  'features/account/components/book-parts.tsx#ConfirmDelete': 'part of the address books',
  // The one address book both kinds share (issue 37 item 5): seen as AddressBook and BillingAddressBook.
  'features/account/components/address-book-view.tsx#AddressBookView': 'the shipping and billing address books',
  'features/account/components/confirm-delete.tsx#ConfirmDeleteDialog': 'loaded by ConfirmDelete (the address books)',
  // The address books' add and edit dialogs, chunks the books load (ADR 140): seen in their stories.
  'features/account/components/address-dialog.tsx#AddressDialog': 'loaded by AddressBook',
  'features/account/components/billing-address-dialog.tsx#BillingAddressDialog': 'loaded by BillingAddressBook',
  // Dialogs in chunks of their own, fetched at the first input (ADR 189): seen opened in their parents' stories.
  'features/account/components/delete-account-dialog.tsx#DeleteAccountDialog': 'loaded by DeleteAccount (ProfileSections)',
  'features/projects/components/project-dialogs.tsx#RenameProjectDialog': 'loaded by ProjectList (its Rename story)',
  'features/projects/components/project-dialogs.tsx#DeleteProjectDialog': 'loaded by ProjectList (its DeleteConfirmation story)',
  'features/orders/components/cancel-order-dialog.tsx#CancelOrderDialog': 'loaded by CancelOrderButton (OrderDetail)',
  // The console queues' decision dialog: seen opened in OpsClaims' (approve, refuse) and OpsReviews' (price, refuse) stories.
  'features/ops/components/ops-decision-dialog.tsx#OpsDecisionDialog': 'part of OpsClaims and OpsReviews',
  // The orders' table, a file of its own drawn by OrderHistory (ADR 269): seen in OrderHistory's stories.
  'features/orders/components/order-history-table.tsx#OrderHistoryTable': 'drawn by OrderHistory',
  // Field groups of the address books' dialogs: seen in AddressBook and BillingAddressBook.
  'features/account/components/billing-address-fields.tsx#BillingAddressFields': 'part of BillingAddressBook',
  'features/account/components/shipping-address-fields.tsx#ShippingAddressFields': 'part of AddressBook',
  'features/account/components/phone-code-field.tsx#PhoneCodeField': 'part of AddressBook and ProfileForm',
  // The sign-up and log-in forms' captcha and error box: seen in their stories.
  'features/auth/components/captcha-field.tsx#CaptchaField': 'part of LoginForm and SignUpForm',
  'features/auth/components/form-alert.tsx#FormAlert': 'part of every auth form',
  // A wrapper around ui/copy-button with the orders' words (ui/copy-button has its own story).
  'features/orders/components/copy-button.tsx#CopyButton': 'wrapper of ui/copy-button',
  // The thumbnail in the project list: seen in ProjectList.
  'features/projects/components/project-thumbnail.tsx#ProjectThumbnail': 'part of ProjectList',
  // The table with pagination under coupons, points and balance: seen in their stories.
  'features/rewards/components/paged-table.tsx#PagedTable': 'part of the rewards tables',
  // The WebGL canvas PartViewer lazy-loads: its story is PartViewer's (which renders a real mesh).
  // The account navigation frame every account page sits in: seen in every account page story.
  'routes/pages/account-frame.tsx#AccountFrame': 'part of every account page',
  'routes/pages/account-frame.tsx#AccountPage': 'part of every account page',
  // The order page's buttons and review form: seen in OrderDetail's stories (one per order status).
  'features/orders/components/order-actions.tsx#DocumentButton': 'part of OrderDetail',
  'features/orders/components/order-actions.tsx#CancelOrderButton': 'part of OrderDetail',
  'features/orders/components/order-actions.tsx#ReorderButton': 'part of OrderDetail',
  'features/orders/components/order-actions.tsx#PayOnBehalf': 'part of OrderDetail',
  'features/orders/components/order-review.tsx#ReviewForm': 'part of OrderDetail',
  'features/orders/components/order-review.tsx#ReviewSummary': 'part of OrderDetail',
  'features/orders/components/after-sale-form.tsx#AfterSaleForm': 'part of AfterSale',
  // The referral page's two forms: seen in ReferralPanel's stories.
  'features/rewards/components/referral-forms.tsx#InviteForm': 'part of ReferralPanel',
  'features/rewards/components/referral-forms.tsx#ApplyCodeForm': 'part of ReferralPanel',
  // The account home's reminder to activate the e-mail address: seen in AccountHome's stories.
  'features/account/components/email-status.tsx#ActivationReminder': 'part of AccountHome',
  // The checkout form's parts: seen in OrderConfirmation's stories.
  'features/checkout/components/cart-lines.tsx#CartLines': 'part of OrderConfirmation',
  'features/checkout/components/order-fieldsets.tsx#ShippingTerms': 'part of OrderConfirmation',
  'features/checkout/components/order-fieldsets.tsx#OrderDetails': 'part of OrderConfirmation',
  // Choosing drawings to send (issue 34): seen in ReviewPanel's stories and the part drawing's.
  'features/quote/components/document-input.tsx#DocumentInput': 'part of ReviewPanel and PartDrawing',
  // The configurator's finishes: seen in ConfiguratorPanel's stories.
  'features/quote/components/finish-options.tsx#FinishOptions': 'part of ConfiguratorPanel',
  // The quote page's first-render pieces, which the workspace renders as well: seen in QuoteStart.
  'features/quote/components/quote-start.tsx#ProcessChoice': 'part of QuoteStart and the workspace',
  'features/quote/components/quote-start.tsx#FileDropArea': 'part of QuoteStart and the quote workspace',
  'features/quote/components/quote-start.tsx#HowItWorks': 'part of QuoteStart and the workspace',
  'features/quote/components/quote-start.tsx#LoadingStatus': 'part of QuoteStart and the workspace',
};

/**
 * Story files written before this rule that show several modules' components as one screen: each
 * module may be rendered there instead of (or as well as) in its mirror file.
 */
const ALSO: Record<string, string[]> = {
  'features/account/components/delete-account.tsx': ['stories/features/account/profile-sections.stories.tsx'],
  'features/account/components/email-status.tsx': ['stories/features/account/profile-sections.stories.tsx'],
  'features/account/components/linked-logins.tsx': ['stories/features/account/profile-sections.stories.tsx'],
  'features/auth/components/log-out-panel.tsx': ['stories/features/auth/account-deletion-panel.stories.tsx'],
  'features/auth/components/quick-login-buttons.tsx': ['stories/features/auth/quick-login.stories.tsx'],
  'features/auth/components/quick-login-callback.tsx': ['stories/features/auth/quick-login.stories.tsx'],
  'features/rewards/components/reload-amount-form.tsx': ['stories/features/rewards/reload.stories.tsx'],
  'features/rewards/components/reload-outcome.tsx': ['stories/features/rewards/reload.stories.tsx'],
  // One module per page (ADR 133: each route loads its own screen); their stories stay grouped by area.
  'routes/pages/account-additional-costs-page.tsx': ['stories/routes/pages/order-pages.stories.tsx'],
  'routes/pages/account-delete-page.tsx': ['stories/routes/pages/auth-pages.stories.tsx'],
  'routes/pages/account-home-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/address-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/after-sale-page.tsx': ['stories/routes/pages/order-pages.stories.tsx'],
  'routes/pages/balance-page.tsx': ['stories/routes/pages/rewards-pages.stories.tsx'],
  'routes/pages/billing-address-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/contact-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/coupons-page.tsx': ['stories/routes/pages/rewards-pages.stories.tsx'],
  'routes/pages/log-out-page.tsx': ['stories/routes/pages/auth-pages.stories.tsx'],
  'routes/pages/login-page.tsx': ['stories/routes/pages/auth-pages.stories.tsx'],
  'routes/pages/order-detail-page.tsx': ['stories/routes/pages/order-pages.stories.tsx'],
  'routes/pages/order-history-page.tsx': ['stories/routes/pages/order-pages.stories.tsx'],
  'routes/pages/password-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/points-page.tsx': ['stories/routes/pages/rewards-pages.stories.tsx'],
  'routes/pages/profile-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/project-files-page.tsx': ['stories/routes/pages/project-pages.stories.tsx'],
  'routes/pages/projects-page.tsx': ['stories/routes/pages/project-pages.stories.tsx'],
  'routes/pages/quick-login-page.tsx': ['stories/routes/pages/account-pages.stories.tsx'],
  'routes/pages/referral-page.tsx': ['stories/routes/pages/rewards-pages.stories.tsx'],
  'routes/pages/reload-page.tsx': ['stories/routes/pages/rewards-pages.stories.tsx'],
  'routes/pages/reset-password-page.tsx': ['stories/routes/pages/auth-pages.stories.tsx'],
  'routes/pages/sign-up-page.tsx': ['stories/routes/pages/auth-pages.stories.tsx'],
  'routes/pages/upload-history-page.tsx': ['stories/routes/pages/order-pages.stories.tsx'],
};

/**
 * Screens that exist but whose story is not written yet. Not an exemption: each one is a gap
 * (issue 17 item 2), and the test fails as soon as one gets its story so that it leaves this list.
 */
const NOT_YET: Record<string, true> = {};

/** The PascalCase names a module exports as values that can be components (functions, memo/forwardRef/lazy results). */
function exportedComponents(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const names: string[] = [];
  const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name) && /[a-z]/.test(name);
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && exported(statement) && isComponentName(statement.name.text)) {
      names.push(statement.name.text);
    }
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (!ts.isIdentifier(declaration.name) || !isComponentName(declaration.name.text) || !init) continue;
        if (ts.isArrowFunction(init) || ts.isFunctionExpression(init) || ts.isCallExpression(init)) names.push(declaration.name.text);
      }
    }
  }
  return names;
}

/** The names a story file imports from `specifier` and then uses (`component: X`, `<X`, `X,` in a map of stories…). */
function renderedFrom(storyFile: string, specifier: string): Set<string> {
  const text = readFileSync(storyFile, 'utf8');
  const source = ts.createSourceFile(storyFile, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const imported = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text.replace(/\.tsx$/, '') !== specifier) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => !e.isTypeOnly && imported.add(e.name.text));
  }
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    if ((ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) && ts.isIdentifier(node.tagName) && imported.has(node.tagName.text)) {
      used.add(node.tagName.text);
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'component' && ts.isIdentifier(node.initializer) && imported.has(node.initializer.text)) {
      used.add(node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return used;
}

interface Screen {
  key: string;
  /** The mirror story file, then any ALSO file. */
  storyFiles: string[];
  specifier: string;
  name: string;
}

function screens(): Screen[] {
  const list: Screen[] = [];
  const add = (dir: string, storyDir: string, alias: string) => {
    for (const entry of readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.tsx')).sort()) {
      const base = entry.replace(/\.tsx$/, '');
      for (const name of exportedComponents(path.join(root, dir, entry))) {
        list.push({
          key: `${dir}/${entry}#${name}`,
          storyFiles: [`${storyDir}/${base}.stories.tsx`, ...(ALSO[`${dir}/${entry}`] ?? [])],
          specifier: `${alias}/${base}`,
          name,
        });
      }
    }
  };
  for (const area of readdirSync(path.join(root, 'features')).sort()) {
    if (existsSync(path.join(root, 'features', area, 'components'))) {
      add(`features/${area}/components`, `stories/features/${area}`, `#features/${area}/components`);
    }
  }
  add('routes/pages', 'stories/routes/pages', '#routes/pages');
  return list;
}

function missing(screen: Screen): string | null {
  const existing = screen.storyFiles.filter((f) => existsSync(path.join(root, f)));
  if (existing.length === 0) return `${screen.key}: no story file ${screen.storyFiles[0]}`;
  if (!existing.some((f) => renderedFrom(path.join(root, f), screen.specifier).has(screen.name))) {
    return `${screen.key}: ${existing.join(' or ')} does not render ${screen.name}`;
  }
  return null;
}

describe('a story for every screen (issue 17)', () => {
  const all = screens();

  test('finds the components it checks', () => {
    // A guard against the scan finding nothing (a moved folder would make every check pass).
    expect(all.length).toBeGreaterThan(60);
    expect(all.map((s) => s.key)).toContain('features/checkout/components/payment-views.tsx#OrderSuccess');
    expect(all.map((s) => s.key)).toContain('routes/pages/quote-page.tsx#QuotePage');
  });

  test('every exported component of features/*/components and routes/pages is rendered by its mirror story file', () => {
    const gaps = all.filter((s) => !(s.key in EXEMPT) && !(s.key in NOT_YET)).map(missing).filter((m) => m !== null);
    expect(gaps, `Write a story (mirror path under stories/) for:\n${gaps.join('\n')}`).toEqual([]);
  });

  test('the exemption and not-yet lists name only components that exist, and not-yet ones really have no story', () => {
    const keys = new Set(all.map((s) => s.key));
    expect(Object.keys(EXEMPT).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(ALSO).filter((m) => !all.some((s) => s.key.startsWith(`${m}#`)))).toEqual([]);
    expect(Object.keys(NOT_YET).filter((k) => !keys.has(k))).toEqual([]);
    const nowCovered = all.filter((s) => s.key in NOT_YET && missing(s) === null).map((s) => s.key);
    expect(nowCovered, 'These have a story now: take them off NOT_YET').toEqual([]);
  });

  test('the check itself notices a story file that does not render its component', () => {
    const probe = all.find((s) => s.key === 'features/orders/components/order-history.tsx#OrderHistory');
    expect(probe).toBeDefined();
    expect(missing(probe as Screen)).toBeNull();
    expect(missing({ ...(probe as Screen), name: 'NotRendered' })).toMatch(/does not render NotRendered/);
    expect(missing({ ...(probe as Screen), storyFiles: ['stories/features/orders/nowhere.stories.tsx'] })).toMatch(/no story file/);
  });
});
