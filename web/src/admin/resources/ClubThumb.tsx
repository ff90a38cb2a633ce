// A club item's picture as a small square: from a media id (the kit resources' `image` field) or from the
// media summary the club's own answers carry (`{url}`).
import { Image } from '../../lib/image';
import './detail.css';
import { useItem } from './data';

export function ClubThumb({ id, size = 48 }: { id: unknown; size?: number }) {
  const media = useItem('medias', typeof id === 'string' ? id : undefined, typeof id === 'string');
  const url = typeof media.data?.url === 'string' ? media.data.url : '';
  return <ThumbImage url={url} size={size} />;
}

export function ThumbImage({ url, size = 48 }: { url: string | null | undefined; size?: number }) {
  if (!url) return <span className="sf-club-thumb is-empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return <Image className="sf-club-thumb" src={url} alt="" width={size} height={size} sizes={`${size}px`} fit="cover" />;
}
