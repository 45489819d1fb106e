import { expect, test } from '@playwright/test';

// page.route sees no request a service worker answers: this spec fakes the network, so it runs without the worker
// (as most specs do: e2e/playwright.config.ts).

/**
 * A remote that fails to load, through the real Module Federation runtime in Chromium (not the shell's component test
 * with a stand-in loader): its manifest is unreachable, the area says so with a Retry, Retry while it is still down asks
 * the network again and still shows the error, and Retry once it is back draws the remote. /slides/bar needs no
 * sign-in and no data of its own, so nothing here touches another spec's state.
 */
test('a remote whose manifest cannot be fetched shows its error, and Retry loads it once it is back', async ({ page, request, baseURL }) => {
  const map = (await (await request.get('/remotes.json')).json()) as Record<string, string>;
  const manifest = map.mfe_slides;
  expect(manifest).toMatch(/mf-manifest\.json$/);
  // Whatever query the runtime adds, the manifest is the request for this path.
  const manifestPath = new URL(manifest!, baseURL).pathname;
  const isManifest = (url: URL | string) => new URL(url).pathname === manifestPath;

  let asked = 0;
  await page.route(isManifest, (route) => {
    asked++;
    return route.abort('connectionrefused');
  });

  await page.goto('/slides/bar');
  const failure = page.getByRole('alert').filter({ hasText: 'The slides could not be loaded.' });
  await expect(failure).toBeVisible();
  await expect(failure).toContainText('The rest of Kassa keeps working.');
  await expect(page.locator('[data-remote="mfe_slides"]')).toHaveCount(0);
  expect(asked).toBeGreaterThan(0);

  // Still down: Retry really asks again (the runtime's cached manifest is dropped), and the error stays.
  const before = asked;
  const again = page.waitForRequest((r) => isManifest(r.url()));
  await failure.getByRole('button', { name: 'Retry' }).click();
  await again;
  await expect(failure).toBeVisible();
  expect(asked).toBeGreaterThan(before);

  // Back up: Retry draws the remote in the same area, without a page reload.
  await page.unroute(isManifest);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-remote="mfe_slides"]').first()).toBeAttached();
  await expect(page.getByRole('region', { name: 'Bier' }).first().getByText('Pils', { exact: true })).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(navigations).toEqual([]);
});
