import { expect, test } from '@playwright/test';

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

/** /api/docs through the running gateway: one document of every public route, read by the Swagger UI in Chromium. */
test('/api/docs shows every route, the live feed included, with its error answers and whether it needs a token', async ({ page, baseURL }) => {
  const res = await fetch(`${baseURL}/api/docs/openapi.json`);
  expect(res.status).toBe(200);
  const doc = (await res.json()) as { paths: Record<string, Record<string, Operation>> };
  const check = doc.paths['/api/admin/ideal/{id}/check/']?.post;
  expect(check?.security).toEqual([{ bearer: [] }]);
  expect(Object.keys(check?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409', '422']));
  expect(doc.paths['/api/login/']?.post?.security).toEqual([]);
  expect(doc.paths['/api/live/transactions']?.get).toBeDefined();
  expect(Object.keys(doc.paths).filter((p) => p.startsWith('/internal'))).toEqual([]);

  await page.goto('/api/docs');
  await expect(page.getByText('/api/live/transactions').first()).toBeVisible({ timeout: 20_000 });
  // Swagger UI draws a long tag's operations as they scroll into view (admin has about a hundred): a deep link opens
  // one wherever it stands, when the page loads with it.
  await page.goto('about:blank');
  await page.goto('/api/docs#/admin/post_api_admin_ideal__id__check_');
  await expect(page.locator('.opblock.is-open').getByText('/api/admin/ideal/{id}/check/')).toBeVisible({ timeout: 20_000 });
});
