"""The designer's lab: bots that play the games, tournaments between them, and what
the numbers say about each game (``pipworks balance``).

- :mod:`.bots`: the bot protocol, the random and heuristic bots, bot names as the
  command line takes them (``random``, ``heuristic``, ``ismcts:400``);
- :mod:`.ismcts`: one information-set Monte Carlo tree search for every game;
- :mod:`.tournament`: many games between bots, in batches, on one process, several, or
  a Dask or Ray cluster (:mod:`.executors`), the same numbers for the same seed;
- :mod:`.stats`: Wilson intervals and significance tests;
- :mod:`.balance` and :mod:`.ladder`: the reports, as JSON; :mod:`.charts`: their SVG.

The lab sees a game only through its engine (``generator.rules.base.Game``) and its
``bots`` module (``generator.rules.bots.GameBots``); a designer's game with no bots
module is seen through its engine's balance-level methods (``generator.rules.protocol``,
:mod:`.engine_bots`).
"""
