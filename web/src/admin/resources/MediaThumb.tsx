// A media item as a square: the picture through /_image, or an icon for a video or a PDF.
import { FilePdfOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Image } from '../../lib/image';
import type { Item } from './schema';

export function MediaThumb({ item, size = 200 }: { item: Item; size?: number }) {
  const url = String(item.url ?? '');
  if (item.kind === 'image')
    return (
      <Image
        src={url}
        alt={String(item.alt || item.originalName || '')}
        width={size}
        height={size}
        sizes={`${size}px`}
        fit="cover"
        className="sf-media__img"
      />
    );
  return (
    <span className="sf-media__icon" aria-hidden="true">
      {item.kind === 'pdf' ? <FilePdfOutlined /> : <VideoCameraOutlined />}
    </span>
  );
}
