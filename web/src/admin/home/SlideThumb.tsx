// A 16:9 picture from a media id (the kit's `image` field): the home slides' and the ads' list thumbnail.
import { Image } from '../../lib/image';
import { useItem } from '../resources/data';
import './home-slides.css';

export function SlideThumb({ id, width = 64 }: { id: unknown; width?: number }) {
  const media = useItem('medias', typeof id === 'string' ? id : undefined, typeof id === 'string');
  const url = typeof media.data?.url === 'string' ? media.data.url : '';
  const height = Math.round((width * 9) / 16);
  if (!url) return <span className="sf-slide-thumb is-empty" style={{ width, height }} />;
  return <Image className="sf-slide-thumb" src={url} alt="" width={width} height={height} fit="cover" />;
}
