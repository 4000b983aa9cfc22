/**
 * The worked example of spec 9.6, byte for byte: the setup of 9.2, the 19 choice lines, stdout, stderr and
 * exit code 1 (rejected lines and E_EOF), read from stdin (so positions say `<stdin>`).
 */
import { describe, expect, it } from 'vitest';
import { runMatch } from '../helpers/marauders.js';

export const SETUP_9_2 = `mode 2d
tier rank 1
options none
seed 2014
force 12 0
player P1 Alice
player P2 Bob
board
SGWPF
PFFSW
FWGSP
WSPGF
GPSWG
`;

export const MOVES_9_6 = `P1 cast
P1 swap C1 B1
P1 swap C2 C3
P1 swap B2 C2
P1 pass
P1 swap A1 A2
P2 swap B2 B3
P2 swap C1 C2
P2 swap A2 A3
P2 pass
P2 swap B0 B1
P2 swap F1 E1
P2 swap A1 C1
P2 jump A1
P2 swap A2 A3
P2 pass
P1 cast
P1 swap A2 B2
P1 pass
`;

const STDOUT = `SEED xoroshiro128plus:2014
START ruleset=marauders mode=2D tier=rank-1 size=5 elements=SFGWP options=none turn-limit=500
PLAYER P1 Alice hp=25/25 force=12
PLAYER P2 Bob hp=25/25 force=0
BOARD
   1  2  3  4  5
A  S  G  W  P  F
B  P  F  F  S  W
C  F  W  G  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
TURN 1 P1 ATTACK X
STATE P1 hp=25/25 force=12 spell=ready poison=0
STATE P2 hp=25/25 force=0 spell=ready poison=0
INPUT: P1 cast
ARMED P1 force=12->2
INPUT: P1 swap C1 B1
MATCH 1 F B1-B3 key=B1 value=3
CAST P1 Fire Inferno
REFILL B1=W B2=P B3=W
MOVES 5
BOARD
   1  2  3  4  5
A  S  G  W  P  F
B  W  P  W  S  W
C  P  W  G  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P1 swap C2 C3
MATCH 1 W A3-C3 key=C3 value=3
SHIELD P1.X A +1 = W1/A
SHIELD P1.X B +1 = W1/A
SHIELD P1.X C +1 = W1/A
REFILL A3=W B3=F C3=P
MOVES 4
BOARD
   1  2  3  4  5
A  S  G  W  P  F
B  W  P  F  S  W
C  P  G  P  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P1 swap B2 C2
MATCH 1 P C1-C3 key=C2 value=3
SHIELD P1.X C +3 = P4/A
REFILL C1=P C2=G C3=W
MATCH 2 G A2-C2 key=C2 value=3
SHIELD P1.X A +1 = G2/A
SHIELD P1.X B +1 = G2/A
SHIELD P1.X C +1 = G5/A
REFILL A2=P B2=W C2=P
MOVES 3
BOARD
   1  2  3  4  5
A  S  P  W  P  F
B  W  W  F  S  W
C  P  P  W  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P1 pass
TURN-END pass
SHIELDS P1.X A:G2/A B:G2/A C:G5/A
SHIELDS P1.Y -
SHIELDS P2.X -
SHIELDS P2.Y -
TURN 2 P2 DEFEND X
STATE P1 hp=25/25 force=2 spell=pending-Fire poison=0
STATE P2 hp=25/25 force=0 spell=ready poison=0
INPUT: P1 swap A1 A2
ERROR E_TURN: it is P2's turn, not P1's
INPUT: P2 swap B2 B3
MATCH 1 W A3-C3 key=B3 value=3
SHIELD P2.X A +1 = W1/D
SHIELD P2.X B +1 = W1/D
SHIELD P2.X C +1 = W1/D
REFILL A3=F B3=S C3=P
MATCH 2 P C1-C3 key=C3 value=3
SHIELD P2.X C +3 = P4/D
REFILL C1=F C2=W C3=G
MOVES 5
BOARD
   1  2  3  4  5
A  S  P  F  P  F
B  W  F  S  S  W
C  F  W  G  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P2 swap C1 C2
MATCH 1 W B1-D1 key=C1 value=3
SHIELD P2.X B +1 = W2/D
SHIELD P2.X C +1 = W5/D
SHIELD P2.X D +1 = W1/D
REFILL B1=P C1=W D1=W
MOVES 4
BOARD
   1  2  3  4  5
A  S  P  F  P  F
B  P  F  S  S  W
C  W  F  G  S  P
D  W  S  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P2 swap A2 A3
MATCH 1 F A2-C2 key=A2 value=3
SHIELD P2.X A +1 = F2/D
SHIELD P2.X B +1 = F3/D
SHIELD P2.X C +1 = F6/D
REFILL A2=G B2=S C2=S
MATCH 2 S B2-B4 key=B2 value=4
MATCH 2 S B2-D2 key=B2 value=2
SHIELD P2.X B +4 = S7/D
SHIELD P2.X C +1 = S7/D
SHIELD P2.X D +1 = S2/D
REFILL B2=S B3=G B4=P C2=S D2=F
MOVES 3
BOARD
   1  2  3  4  5
A  S  G  P  P  F
B  P  S  G  P  W
C  W  S  G  S  P
D  W  F  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P2 pass
TURN-END pass
RESOLVE P1->P2 X
LAUNCH P1.X A G2
LAUNCH P1.X B G2
LAUNCH P1.X C G5
EFFECT P2 Fire damage-1
HIT P1->P2.X:A G2 vs F2 dmg=0 hp=25/25 force=2 left=-
EFFECT P1 Wood spend force=2->0
HIT P1->P2.X:B G2 vs S7 dmg=0 hp=25/25 force=0 left=S3
HIT P1->P2.X:C G5 vs S7 dmg=0 hp=25/25 force=0 left=S2
SHIELDS P1.X -
SHIELDS P1.Y -
SHIELDS P2.X B:S3/A C:S2/A D:S2/A
SHIELDS P2.Y -
TURN 3 P2 ATTACK X
STATE P1 hp=25/25 force=0 spell=pending-Fire poison=0
STATE P2 hp=25/25 force=0 spell=ready poison=0
INPUT: P2 swap B0 B1
ERROR E_CELL: bad cell 'B0'; expected a row letter and a column number, e.g. E6
INPUT: P2 swap F1 E1
ERROR E_BOUNDS: F1 is outside the 5x5 board
INPUT: P2 swap A1 C1
ERROR E_ADJACENT: A1 and C1 are not adjacent
INPUT: P2 jump A1
ERROR E_COMMAND: unknown command 'jump'
INPUT: P2 swap A2 A3
MATCH 1 G A3-C3 key=A3 value=3
SHIELD P2.X A +1 = G1/A
SHIELD P2.X B +1 = G4/A
SHIELD P2.X C +1 = G3/A
EFFECT P2 Wood force 0->3
REFILL A3=W B3=P C3=W
MOVES 5
BOARD
   1  2  3  4  5
A  S  P  W  P  F
B  P  S  P  P  W
C  W  S  W  S  P
D  W  F  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P2 pass
TURN-END pass
SHIELDS P1.X -
SHIELDS P1.Y -
SHIELDS P2.X A:G1/A B:G4/A C:G3/A D:S2/A
SHIELDS P2.Y -
TURN 4 P1 DEFEND X
SPELL P1 Fire Inferno defend
EFFECT P1 Fire inferno P2 hp=18/25
STATE P1 hp=25/25 force=0 spell=used poison=0
STATE P2 hp=18/25 force=3 spell=ready poison=0
INPUT: P1 cast
ERROR E_SPELL: P1 cannot cast: no spell left
INPUT: P1 swap A2 B2
MATCH 1 P B1-B4 key=B2 value=5
SHIELD P1.X B +5 = P5/D
REFILL B1=F B2=W B3=P B4=P
MOVES 5
BOARD
   1  2  3  4  5
A  S  S  W  P  F
B  F  W  P  P  W
C  W  S  W  S  P
D  W  F  P  G  F
E  G  P  S  W  G
MARKS none
INPUT: P1 pass
TURN-END pass
RESOLVE P2->P1 X
LAUNCH P2.X A G1
LAUNCH P2.X B G4
LAUNCH P2.X C G3
LAUNCH P2.X D S2
HIT P2->P1.X:A G1 vs - dmg=1 hp=24/25 force=4 left=-
EFFECT P1 Poison poison P2 left=3
EFFECT P2 Wood spend force=4->3
HIT P2->P1.X:B G4 vs P5 dmg=0 hp=24/25 force=3 left=-
HIT P2->P1.X:C G3 vs - dmg=3 hp=21/25 force=6 left=-
HIT P2->P1.X:D S2 vs - dmg=2 hp=19/25 force=8 left=-
SHIELDS P1.X -
SHIELDS P1.Y -
SHIELDS P2.X -
SHIELDS P2.Y -
TURN 5 P1 ATTACK Y
POISON P2 hp=17/25 left=2
STATE P1 hp=19/25 force=0 spell=used poison=0
STATE P2 hp=17/25 force=8 spell=ready poison=2
ERROR E_EOF: input ended; expected swap, cast or pass for P1
`;

const STDERR = `<stdin>:6: E_TURN: it is P2's turn, not P1's
<stdin>:11: E_CELL: bad cell 'B0'; expected a row letter and a column number, e.g. E6
<stdin>:12: E_BOUNDS: F1 is outside the 5x5 board
<stdin>:13: E_ADJACENT: A1 and C1 are not adjacent
<stdin>:14: E_COMMAND: unknown command 'jump'
<stdin>:17: E_SPELL: P1 cannot cast: no spell left
<stdin>:20: E_EOF: input ended; expected swap, cast or pass for P1
`;

describe('spec 9.6 worked example', () => {
  const run = runMatch(SETUP_9_2, MOVES_9_6.split('\n').slice(0, -1));

  it('prints the example stdout byte for byte', () => {
    expect(run.stdout).toBe(STDOUT);
  });

  it('writes the positioned stderr copies and E_EOF', () => {
    expect(run.stderr.join('\n') + '\n').toBe(STDERR);
  });

  it('exits 1 (rejected lines and E_EOF)', () => {
    expect(run.exit).toBe(1);
  });
});
