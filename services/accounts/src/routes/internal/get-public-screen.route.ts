import { ApiResponse, ok, PublicScreenSettings } from '@kassa/contracts';
import type { ServiceApp } from '@kassa/service-kit';
import { getSettings } from '../../settings';

/** What a public screen may show, for checkout's live feed: members' first names only when the board chose so. */
export default function getPublicScreen(app: ServiceApp) {
  app.get('/internal/settings/public-screen', { onRequest: app.requireInternal, schema: { hide: true, response: { 200: ApiResponse(PublicScreenSettings) } } }, async () =>
    ok({ showNames: (await getSettings(app.db)).slideShowsNames }),
  );
}
