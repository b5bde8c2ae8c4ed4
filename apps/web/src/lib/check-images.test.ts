import { describe, expect, it } from 'vitest';
import { imageProblem } from './check-images.ts';

const rules = { maxImages: 3, maxImageBytes: 5 * 1024 * 1024, imageTypes: ['image/png', 'image/jpeg'] };
const png = (size = 1000, name = 'a.png') => ({ name, type: 'image/png', size });

describe('imageProblem', () => {
  it('accepts up to 3 png or jpg images of at most 5 MB', () => {
    expect(imageProblem([png(), { name: 'b.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 }], rules)).toBe(
      null,
    );
  });
  it('refuses a fourth image, another type and a larger file', () => {
    expect(imageProblem([png(), png(), png(), png()], rules)).toBe('count');
    expect(imageProblem([{ name: 'a.gif', type: 'image/gif', size: 10 }], rules)).toBe('type');
    expect(imageProblem([png(10, 'a.svg')], rules)).toBe('type');
    expect(imageProblem([png(5 * 1024 * 1024 + 1)], rules)).toBe('size');
  });
});
