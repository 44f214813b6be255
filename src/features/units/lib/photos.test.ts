import { describe, expect, it } from 'vitest';
import { checkPhotoSelection, MAX_UNIT_PHOTOS, moveItem, photoFileName } from './photos';

const jpeg = { type: 'image/jpeg' };

describe('checkPhotoSelection', () => {
  it('allows up to 4 photos in all', () => {
    expect(MAX_UNIT_PHOTOS).toBe(4);
    expect(checkPhotoSelection(0, [jpeg, jpeg, jpeg, jpeg])).toBeNull();
    expect(checkPhotoSelection(3, [jpeg])).toBeNull();
    expect(checkPhotoSelection(3, [jpeg, jpeg])).toBe('limit');
    expect(checkPhotoSelection(4, [jpeg])).toBe('limit');
  });

  it('accepts JPEG, PNG and WebP only', () => {
    expect(checkPhotoSelection(0, [{ type: 'image/png' }, { type: 'image/webp' }])).toBeNull();
    expect(checkPhotoSelection(0, [{ type: 'image/gif' }])).toBe('type');
    expect(checkPhotoSelection(0, [{ type: 'application/pdf' }])).toBe('type');
  });
});

describe('moveItem', () => {
  it('moves one element and leaves the input untouched', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 0, 1)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores moves outside the list', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('photoFileName', () => {
  it('names the object after a fresh id with the extension of its type', () => {
    expect(photoFileName('image/jpeg', 'abc')).toBe('abc.jpg');
    expect(photoFileName('image/webp', 'abc')).toBe('abc.webp');
    expect(photoFileName('image/jpeg')).not.toBe(photoFileName('image/jpeg'));
  });
});
