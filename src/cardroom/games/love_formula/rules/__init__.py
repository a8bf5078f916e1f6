"""The rules machine: functions over the state, one module per role.

Imports go down this list only (a module uses those above it):

- ``knowledge.py``: what each seat has located of the hidden cards (R1).
- ``piles.py``: hands, the deck and the discard pile: dealing, drawing and
  reshuffling (D5, R10), cards into and out of hands.
- ``zones.py``: couples entering, cards attached, moved, taken off and
  discarded, unattached preparations, heart tokens running out.
- ``flow.py``: the order of play: set-up, drafts, selection and the reveal
  (D3 priority), turns and preparation moves, end of round, phase and game.
- ``resolution.py``: resolving a card: its target, the reaction window
  (D4), reactions played, the card leaving the table.
- ``effects.py``: a card's ops carried out one at a time (frames); the ops
  that need no decision.
- ``choices.py``: carrying out the decision a card asked for.
- ``machine.py``: the contract's transitions: ``setup``, ``is_over``,
  ``phase``, ``apply`` (the core's ``_apply``) and ``advance``, which runs
  every step that needs no decision.

The expansions' own fields are changed by ``expansions/``; what is legal is
``legal/``; what zones are worth is ``scoring.py``.
"""
