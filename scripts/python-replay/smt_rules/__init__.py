"""The SMT IV "Press Turn" rules of the course IIC2113, ported from src/rulesets/smt/ to plain Python.

A benchmark reference for `npm run bench` (see ../smt_replay.py); not part of the product. Modules, in
dependency order: text, catalogue, model, presenter, rules, offense, skills, team_file, battle.
"""
