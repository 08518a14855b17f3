import { describe, expect, it } from 'vitest';
import { jpegPhoto } from './jpeg-photo.ts';

describe('a step’s photo as a JPEG', () => {
  it('sends a JPEG as it is', async () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'gauge.jpg', { type: 'image/jpeg' });
    expect(await jpegPhoto(photo)).toBe(photo);
  });

  it('refuses a file that is no image', async () => {
    expect(await jpegPhoto(new File(['notes'], 'notes.txt', { type: 'text/plain' }))).toBeNull();
  });
});
