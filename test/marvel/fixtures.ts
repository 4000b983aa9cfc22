/** A roster that exercises every skill class and most flags, for flow and property tests. */
export const ARENA = `# Arena roster: two teams of three plus two who can join.
character Kestrel
  stat VIT 2400
  stat PA 7
  stat REF 4
  stat VEL 6
  stat FUE 300
  stat EN 350
  fuetier II 4
  passive pdef 40/*
  passive dmg +10%
  skill Talon offensive cost=2 kinds=fis dmg=FUE*1.5
  skill Gale offensive cost=3 kinds=ele area=2 dmg=EN*1 fx=status:Dazed:1r
  skill Flurry offensive cost=3 kinds=fis hits=FUE*0.5;FUE*0.5;FUE*0.8
  skill Jab offensive cost=0 kinds=fis dmg=FUE*0.2 uses=2
  skill Feather defence ext allies cost=1 res=EN*1.2
  skill Swoop evasion cost=1 maxarea=2
  skill Rally supplementary cost=1 prep targets=2 fx=mod:dmg:+20%:2r
  skill Dive-In interference mode=action cost=1
end
character Granite
  stat VIT 3200
  stat PA 5
  stat REF 2
  stat VEL 2
  stat FUE 500
  fuetier I 6
  passive red 25%/fis
  skill Slam offensive cost=2 kinds=fis dmg=FUE*1.2 no-evade
  skill Bulwark defence int cost=1 res=FUE*1 uses=2
  skill Rebound counter cost=1 kinds=fis dmg=FUE*1.2
  skill Stone-Grip annulment melee cost=2
  skill Quake offensive cost=3 kinds=fis cone=3 dmg=FUE*0.8 pierce
end
character Lumen
  stat VIT 1800
  stat PA 6
  stat REF 5
  stat VEL 4
  stat EN 400
  passive noslot
  skill Beam offensive cost=1 kinds=ene dmg=EN*1 fx=dot:Glare:50:2
  skill Prism defence ext zone cost=2 res=EN*1
  skill Foresee anticipation cost=2 kinds=ene dmg=EN*0.5 fx=mod:dmg:-10%:1r
  skill Mend supplementary cost=0 fx=mod:stat.VIT:+10%:2a:self
  skill Flash offensive cost=1 fx=status:Blind:2a uses=*
  skill Shine-In join cost=0 prep
end
character Viper
  stat VIT 2200
  stat PA 6
  stat REF 3
  stat VEL 5
  stat FUE 350
  stat EN 300
  fuetier I 5
  passive imm partial/ign
  skill Fang offensive cost=2 kinds=fis dmg=FUE*1.4 fx=dot:Venom:FUE*0.3:3 req-def=REF:4
  skill Spit offensive cost=1 kinds=ign+fis dmg=EN*0.8 ignore
  skill Coil evasion cost=1
  skill Backbite counter ranged cost=1 kinds=ene dmg=EN*1.5 fx=mod:stat.REF:-1:1r
  skill Ambush interference mode=turn cost=2 cd=2
end
character Bastion
  stat VIT 3600
  stat PA 5
  stat REF 2
  stat VEL 1
  stat FUE 450
  passive pdef 80/fis+ene
  passive slots+1
  skill Crush offensive cost=2 kinds=fis dmg=FUE*1.3
  skill Wall defence ext zone cost=2 res=FUE*1.2 maxarea=3
  skill Guard defence int cost=1 res=FUE*0.8 basic
  skill Null annulment cost=2 kinds=mis dmg=FUE*0.5 fx=status:Sealed:1r
end
character Wisp
  stat VIT 1400
  stat PA 6
  stat REF 6
  stat VEL 7
  stat EN 250
  skill Needle offensive cost=1 kinds=men dmg=EN*1 uses=*
  skill Blink evasion cost=1 uses=*
  skill Hex offensive cost=1 kinds=alma dmg=EN*0.8 fx=mod:stat.VIT:-20%:1r
  skill Drift-In join cost=1 now
end
character Brute
  stat VIT 2600
  stat PA 5
  stat REF 1
  stat VEL 3
  stat FUE 420
  skill Maul offensive cost=2 kinds=fis dmg=FUE*1.5
  skill Hide defence int cost=1 res=FUE*0.6
  skill Charge-In join cost=1 prep
end
character Oracle
  stat VIT 1600
  stat PA 6
  stat REF 5
  stat VEL 3
  stat EN 380
  skill Vision anticipation cost=1 kinds=mis dmg=EN*0.6
  skill Ward defence ext omni cost=1 res=EN*1
  skill Bolt offensive cost=1 kinds=son dmg=EN*1
  skill Peek-In join cost=0
end
`;

/**
 * A small roster for the version 2 rules (§6.6, §10.5): Ace flies and has every shape (areas of 1 and 2), a ranged direct skill, a
 * `next` boost and an interference; Brick has a melee counter with range=3, an anticipation with range=2 and a
 * two-kind mental/soul skill; Shade flies 1 and joins in the prep round; Medic heals by each kind of method.
 */
export const GRID_QA = `character Ace
  stat VIT 2000
  stat PA 20
  stat REF 5
  stat VEL 9
  stat EN 300
  passive flight 2
  skill Burst offensive cost=1 kinds=ene area=1 dmg=EN*1 uses=*
  skill Fan offensive cost=1 kinds=ene cone=2 dmg=EN*1 uses=*
  skill Ray offensive cost=1 kinds=ene line=3 dmg=EN*1 uses=*
  skill Shot offensive cost=1 kinds=ene dmg=EN*1 range=3 uses=*
  skill Blast offensive cost=1 kinds=ene area=2 dmg=EN*0.5 uses=*
  skill Boost supplementary cost=0 uses=* fx=mod:dmg:+50%:next
  skill Step evasion cost=1 uses=*
  skill Guard defence ext allies cost=1 res=EN*1 uses=*
  skill Cut-In interference mode=action cost=1 uses=*
end
character Brick
  stat VIT 3000
  stat PA 20
  stat REF 3
  stat VEL 5
  stat FUE 300
  skill Punch offensive cost=1 kinds=fis dmg=FUE*1 range=1 uses=*
  skill Mind-Jab offensive cost=1 kinds=men+alma dmg=FUE*1.005 uses=*
  skill Poke counter cost=1 kinds=fis dmg=FUE*2 range=3 uses=*
  skill Dodge evasion cost=1 uses=*
  skill Foresight anticipation cost=1 kinds=men dmg=FUE*1 range=2 uses=*
end
character Shade
  stat VIT 1500
  stat PA 20
  stat REF 3
  stat VEL 4
  stat EN 200
  passive flight 1
  skill Sting offensive cost=1 kinds=son dmg=EN*1 uses=*
  skill Blink evasion cost=1 uses=*
  skill Shade-In join cost=0 prep
end
character Medic
  stat VIT 1500
  stat PA 20
  stat REF 3
  stat VEL 2
  stat EN 200
  skill Mend supplementary cost=0 uses=* fx=heal:EN*1
  skill Soothe supplementary cost=0 uses=* fx=heal:150:men
  skill Rite supplementary cost=1 uses=* fx=heal:150:mis
  skill Medic-In join cost=0 prep
end
`;
