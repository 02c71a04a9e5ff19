// The Map's colour-by and finish flag (issue 32 item 16): the colour field is
// chosen with the plots' searchable picker, the colour range fits the trail's
// values, and the finish flag stands out in the light and the dark theme.
import { expect, test, type Page } from "@playwright/test";
import { NO_BACKEND_URL } from "./e2e-env";
import { gotoPastLoading } from "./shell-helpers";

const MAP_URL = `/map?backend=${encodeURIComponent(NO_BACKEND_URL)}&demoRate=50`;

/**
 * Pixels of the flag's box that stand out from the map's background (WCAG
 * contrast 3:1, what a graphic needs to be seen), read from a real screenshot.
 */
async function flagPixelsSeen(page: Page): Promise<{ seen: number; pole: number }> {
  const flag = page.getByTestId("map-finish");
  const box = (await flag.boundingBox())!;
  const png = await page.screenshot({ clip: box });
  const background = await page
    .getByTestId("map")
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  return page.evaluate(
    async ({ data, background }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(image, 0, 0);
      const px = ctx.getImageData(0, 0, image.width, image.height).data;
      const lum = (r: number, g: number, b: number) => {
        const lin = (c: number) => {
          const s = c / 255;
          return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const [br, bg, bb] = background.match(/\d+/g)!.map(Number) as [number, number, number];
      const lb = lum(br, bg, bb);
      const stands = (i: number) => {
        const l = lum(px[i]!, px[i + 1]!, px[i + 2]!);
        return (Math.max(l, lb) + 0.05) / (Math.min(l, lb) + 0.05) >= 3;
      };
      let seen = 0;
      let pole = 0;
      // The pole is the flag's left sixth, below the cloth.
      for (let y = 0; y < image.height; y++)
        for (let x = 0; x < image.width; x++) {
          if (!stands((y * image.width + x) * 4)) continue;
          seen++;
          if (x < image.width / 5 && y > image.height * 0.6) pole++;
        }
      return { seen, pole };
    },
    { data: png.toString("base64"), background },
  );
}

for (const scheme of ["light", "dark"] as const) {
  test(`the finish flag and its pole stand out from the map in the ${scheme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await gotoPastLoading(page, MAP_URL);
    await expect(page.getByTestId("map-finish")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("map-follow").click(); // stop following: the view stays put
    const { seen, pole } = await flagPixelsSeen(page);
    // The cloth, and the pole (2 px wide): on the dark map no pixel of the pole could be seen.
    expect(seen).toBeGreaterThan(100);
    expect(pole).toBeGreaterThan(8);
  });
}

const legendNumber = async (page: Page, id: string) =>
  Number((await page.getByTestId(id).textContent())!.replace(/[^\d.-]/g, ""));

test("the trail's colour field is picked by searching, and its range fits the values", async ({
  page,
}) => {
  await gotoPastLoading(page, MAP_URL);
  // A few minutes of demo driving, with its bursts of acceleration and regen.
  await expect
    .poll(
      async () =>
        Number(
          /of ([\d,]+)/
            .exec((await page.getByTestId("map-points").textContent()) ?? "")?.[1]
            ?.replace(/,/g, "") ?? 0,
        ),
      { timeout: 40_000 },
    )
    .toBeGreaterThan(1500);
  const colourBy = page.getByTestId("map-color-field");
  await expect(colourBy).toHaveText("Motor 0 Vehicle Velocity");
  await colourBy.click();
  const search = page.getByPlaceholder("Search fields…");
  await search.fill("pack current");
  const options = page.locator(".plot-field-menu [data-path]");
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThan(10); // of some 160 numeric fields
  await page.locator('.plot-field-menu [data-path="Battery.PackCurrent"]').click();
  await expect(colourBy).toHaveText("Pack Current");
  await expect(page.getByTestId("map-legend")).toContainText("Pack Current");
  await expect(page.getByTestId("map-legend-max")).toContainText(" A");
  // Spikes reach ±40 A and more; the range follows the bulk of the trail, so
  // the trail shows more than one or two colours (it was −60 … 60 A).
  const min = await legendNumber(page, "map-legend-min");
  const max = await legendNumber(page, "map-legend-max");
  expect(max - min).toBeGreaterThan(0);
  expect(max - min).toBeLessThan(60);
});
