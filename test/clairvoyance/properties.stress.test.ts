/**
 * Clairvoyance's random-play property at length (npm run test:stress): 80 random encounters, each played
 * up to 300 lines with the invariants checked after every line. properties.test.ts plays 20 in npm test.
 */
import { describe, it } from 'vitest';
import { randomPlay } from './random-play.js';

describe('random play at length', () => {
  it('ends with Combat over or quit, or waits for input; invariants hold after every line (80 runs)', () => {
    randomPlay(80);
  });
});
