// A real MP4 made in the test (no fixture files, no ffmpeg): Chromium records a canvas animation with
// MediaRecorder (H.264 in MP4, which the media library accepts as video/mp4 by its `ftyp` header).
import type { Page } from '@playwright/test';

export async function recordMp4(page: Page, seconds = 3): Promise<Buffer> {
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const g = canvas.getContext('2d')!;
    let frame = 0;
    const draw = setInterval(() => {
      g.fillStyle = `hsl(${(frame * 7) % 360} 70% 45%)`;
      g.fillRect(0, 0, 320, 180);
      g.fillStyle = '#fff';
      g.font = '48px sans-serif';
      g.fillText(String(frame++), 24, 110);
    }, 40);
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/mp4;codecs=avc1' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, ms));
    recorder.stop();
    await stopped;
    clearInterval(draw);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/mp4' }).arrayBuffer());
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}
