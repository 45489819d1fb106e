/** The catalog service's app and config, for other services' integration tests that run it beside their own. */
export { buildCatalogApp } from '@kassa/catalog/src/app';
export { CatalogEnv } from '@kassa/catalog/src/config';
