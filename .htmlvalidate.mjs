/**
 * html-validate's configuration for the shop's server-rendered HTML (tests/api/html-validate.test.ts).
 * The recommended preset, with only these exceptions, each because the markup is valid HTML that the
 * preset flags for a house style we cannot choose: two renderers (Astro and React 19) write our pages.
 * (A .mjs file rather than .htmlvalidate.json, so that each exception carries its reason: html-validate
 * reads JSON configuration with JSON.parse, which allows no comments.)
 */
export default {
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    // Astro writes `<style>astro-island,…{display:contents}</style>` in the body, just before the first
    // island (astro/dist/runtime/server/scripts.js); it cannot be moved to <head> from a page. Browsers
    // apply a <style> anywhere, so <style> may stand where flow content may.
    { style: { flow: true } },
  ],
  rules: {
    // Filter checkboxes (df_shape, df_color, pf_metal…) share a name, like radio buttons: each checked box
    // sends one value, and the listing reads the list. Other controls must still have unique names.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // Astro writes void elements as `<input>`, React as `<input/>`; both are valid HTML.
    'void-style': 'off',
    // Astro writes boolean attributes as `required`, React as `required=""`; both are valid HTML.
    'attribute-boolean-style': 'off',
    // React's useId gives ids like `_r2R_5_` (label/input pairs, aria-describedby). They are valid HTML
    // ids; the strict mode only asks for ids that are also easy CSS selectors. Relaxed still refuses empty
    // ids and ids with whitespace.
    'valid-id': ['error', { relaxed: true }],
    // The style attributes left carry values computed from data: a metal's swatch colour, the range
    // slider's track between its two thumbs, the cart popup's position. Layout is in classes.
    'no-inline-style': 'off',
    // Telephone links carry Tailwind's `whitespace-nowrap`, which keeps the number on one line as
    // non-breaking spaces and hyphens would (without a hyphen glyph the shop's font may lack).
    'tel-non-breaking': ['error', { ignoreClasses: ['whitespace-nowrap'] }],
  },
};
