"""The Pizzamania rules machine (rules page: docs/games/pizzamania.md),
functions over the state, one module per role; imports go down this list:

- ``facts.py``: the derived rule facts (the top of a base and what beats
  it, D11's turner who must play, who plays next on a pizza and who turns
  the next base, finish places), pure functions that the rules and every
  reader of a view (bot, sampler, renderer, encoding, page) share.
- ``flow.py``: the contract's transitions: rounds, pizzas, the chef cards
  (D8, D9) and the endless game's choice after each round (D12).
- ``legal.py``: what a seat may do, and why not in a player's words.
- ``scoring.py``: finish places per round; the final round decides (D10).
"""
