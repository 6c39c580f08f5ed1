/** A metal swatch as CSS: an image, a plain colour, or a JSON {"from","to"} colour pair drawn as a gradient. */
export function swatchBackground(type: 'image' | 'color', value: string): string {
  if (type === 'image') return `center / cover no-repeat url("${encodeURI(value)}")`;
  const safe = (c: unknown) => (typeof c === 'string' && /^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(c) ? c : '#ccc');
  const text = value.trim();
  if (text.startsWith('{')) {
    try {
      const { from, to } = JSON.parse(text) as { from?: unknown; to?: unknown };
      return `linear-gradient(135deg, ${safe(from)}, ${safe(to ?? from)})`;
    } catch {
      return '#ccc';
    }
  }
  return safe(text);
}
