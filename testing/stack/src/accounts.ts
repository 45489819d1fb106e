/** The accounts service's models and test app, for other services' integration tests that look behind its API. */
export { accountRequestModel } from '@kassa/accounts/src/ledger/models/account-request.model';
export { accountModel } from '@kassa/accounts/src/ledger/models/account.model';
export { auditLogModel } from '@kassa/accounts/src/ledger/models/audit-log.model';
export { cardSecretModel } from '@kassa/accounts/src/ledger/models/card-secret.model';
export { postingModel } from '@kassa/accounts/src/ledger/models/posting.model';
export { userModel } from '@kassa/accounts/src/identity/models/user.model';
export { bearer, loginAs, startAccountsTestApp, stopAccountsTestApp, type AccountsTestApp } from '@kassa/accounts/src/testing/accounts-test-app';
