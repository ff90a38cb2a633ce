import { allowedWidth, imageUrl, isOptimisable } from '../lib/image';

/** Up to two initials of a name, Thai-aware (skips leading vowels and marks that can't start a syllable alone). */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = (w: string) => {
    const chars = Array.from(w);
    // Thai leading vowels เ แ โ ใ ไ come before the consonant they belong to.
    const c = chars.find((ch) => !/[\u0E40-\u0E44]/.test(ch)) ?? chars[0] ?? '';
    return c.toUpperCase();
  };
  if (words.length === 0) return '?';
  if (words.length === 1) return first(words[0] ?? '');
  return `${first(words[0] ?? '')}${first(words[words.length - 1] ?? '')}`;
}

export function UserPicture({ name, image, size = 72 }: { name?: string | null; image?: string | null; size?: number }) {
  if (image) {
    // Library photos through /_image at twice the size (sharp on a phone), WebP/AVIF where the browser takes it.
    const src = isOptimisable(image) ? imageUrl(image, allowedWidth(size * 2)) : image;
    return <img className="sf-avatar" src={src} alt="" width={size} height={size} style={{ width: size, height: size }} />;
  }
  return (
    <span className="sf-avatar sf-avatar--initials" style={{ width: size, height: size, fontSize: size * 0.38 }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
