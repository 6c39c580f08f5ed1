import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import ConfirmDialog from '~/components/ui/ConfirmDialog.tsx';

describe('ConfirmDialog', () => {
  it('is a 400px dialog with its title, content and actions', () => {
    const html = renderToStaticMarkup(
      createElement(ConfirmDialog, {
        open: true,
        onClose: () => {},
        title: 'Remove All Items',
        content: 'Are you sure you want to remove all Products from the cart?',
        actions: createElement('button', null, 'Remove'),
      }),
    );
    expect(html).toMatch(/^<dialog[^>]*class="[^"]*\bw-\[400px\] /);
    expect(html).toContain('role="alertdialog"');
    expect(html).toMatch(/<h2 id="([^"]+)"[^>]*>Remove All Items<\/h2>/);
    expect(html).toContain('Are you sure you want to remove all Products from the cart?');
    expect(html).toContain('<button>Remove</button>');
  });
  it('leaves out what it is not given', () => {
    const html = renderToStaticMarkup(createElement(ConfirmDialog, { open: false, onClose: () => {} }));
    expect(html).not.toContain('<h2');
    expect(html).not.toContain('aria-labelledby');
  });
});
