/**
 * themeOverrides as Tailwind theme variables: a `:root` rule that overrides the `@theme` values of
 * src/styles/global.css (unlayered, so it wins over Tailwind's theme layer). The schema only lets hex
 * colours and plain font names through, so nothing in the file can break out of the rule.
 */
import { createHash } from 'node:crypto';
import type { ShopConfig } from '~/features/shop/shop-config.schema.ts';
import { swatchOf } from '~/features/shop/navigation.ts';

const SANS_FALLBACK = 'ui-sans-serif, system-ui, sans-serif';
const SERIF_FALLBACK = 'Georgia, "Times New Roman", serif';

export function themeCss(overrides: ShopConfig['themeOverrides']): string {
  const vars: string[] = [];
  if (overrides.primary) vars.push(`--color-primary:${overrides.primary}`);
  if (overrides.fontSans) vars.push(`--font-sans:"${overrides.fontSans}", ${SANS_FALLBACK}`);
  if (overrides.fontSerif) vars.push(`--font-serif:"${overrides.fontSerif}", ${SERIF_FALLBACK}`);
  return vars.length ? `:root{${vars.join(';')}}` : '';
}

/**
 * One rule per colour swatch of the menus (`.swatch-{id}`), so the header needs no style attributes,
 * which the Content-Security-Policy forbids. Colours are validated hex values (parseSwatchColour).
 */
export function swatchCss(config: Pick<ShopConfig, 'navigation'>): string {
  return config.navigation
    .flatMap((item) => {
      const swatch = swatchOf(item);
      return swatch?.kind === 'color' ? [`.${swatch.className}{background:${swatch.background}}`] : [];
    })
    .join('');
}

/** The CSP source that allows exactly this inline stylesheet (`'sha256-…'` without the quotes). */
export function styleHash(css: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(css).digest('base64')}`;
}
