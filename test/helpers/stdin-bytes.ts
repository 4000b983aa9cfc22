/** Random bytes for standard input: newlines, multi-byte characters, a BOM and invalid UTF-8 among them. */
import fc from 'fast-check';

export const stdinBytesArb = fc
  .array(
    fc.oneof(
      fc.uint8Array({ maxLength: 12 }),
      fc.constantFrom('\n', '\r\n', 'é', '€', '𝄞', '\uFEFF', 'go\n').map((s) => new TextEncoder().encode(s)),
    ),
    { maxLength: 30 },
  )
  .map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])));
