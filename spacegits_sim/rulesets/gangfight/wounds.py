"""What a failed Defense does in place of a wound: the one hook every rule that replaces a wound
uses.

The book has two kinds. Hypnotic Gaze (a spell): "Wounded enemy model loses Stamina instead of
Health, for next Activation": the model is wounded, only the loss is another. Disarm and
Pickpocket (skills): "If the opponent fails to defend himself, instead of being injured ...":
the opponent is not injured at all. The engine's Defense roll
(:meth:`.engine.GangfightGame._defend`) asks the attack's :class:`InsteadOfWound`, when it has
one, and never names a spell or a skill.

Why a module of its own, at the bottom: the handlers that replace a wound live in
``spells.py`` and ``abilities.py``, which the engine imports; both subclass this class
without importing each other or the engine (the game is typed ``Any``).
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = ["InsteadOfWound"]


class InsteadOfWound:
    """A spell's or a skill's handler that replaces the wound of a model failing its Defense.

    ``wounded``: the model still counts as wounded, so what the weapon does to a wounded model
    follows (a Binding weapon's hold, a DOT's burn): Hypnotic Gaze. False: the model is "not
    injured", nothing of the wound happens (Disarm, Pickpocket).
    ``target_only``: it replaces only the wound of the model attacked (Disarm's "the opponent");
    any other model the attack wounds (an AOE) is wounded as usual. False: every model the
    attack wounds (Hypnotic Gaze's "Wounded enemy model")."""

    wounded: ClassVar[bool] = True
    target_only: ClassVar[bool] = False

    def instead_of_wound(self, game: Any, attacker: Any, victim: Any) -> None:
        """What happens to ``victim`` (hit by ``attacker``) instead of losing 1 Health."""
        raise NotImplementedError
