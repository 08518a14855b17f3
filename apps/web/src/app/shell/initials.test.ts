import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it.each([
    ['Jamie Rivera', 'j@x.io', 'JR'],
    ['ada', null, 'A'],
    ['  mary  ann  lee ', null, 'ML'],
    ['', 'zoe@example.com', 'Z'],
    [null, null, '?'],
  ])('%s / %s → %s', (name, email, expected) => {
    expect(initialsOf(name, email)).toBe(expected);
  });
});
