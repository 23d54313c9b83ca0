"""Git special rules (rulebook: "Git Special Rules"): one handler per id in special_rules.yaml
that applies to gits. Rules that are pure data (Hefty's base, Big Mouth's free weapon) say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...physics.table import MM
from ..events import Klanked
from .base import Effect, Flow, register

if TYPE_CHECKING:
    from ...data.rules_data import GitType, RulesData, Weapon
    from ..ops import MatchOps as Match
    from ..pieces import GitSpec
    from ..state import Model


@register
class Strong(Effect):
    """Holds a 2-handed weapon in one hand."""

    family, id = "special_rules", "strong"

    def hands_needed(self, spec: GitSpec, weapon: Weapon, n: int) -> int:
        return 1 if weapon.hands >= 2 else n


@register
class Lightweight(Effect):
    """A swig adds two dice, not one."""

    family, id = "special_rules", "lightweight"

    def swig_dice(self, m: Model, n: int) -> int:
        return 2


@register
class Downtrodden(Effect):
    """Can only have weapons and gear worth 1 cap or less."""

    family, id = "special_rules", "downtrodden"

    def gang_problems(self, spec: GitSpec, git: GitType, rules: RulesData) -> list[tuple[str, str]]:
        out = []
        for w in spec.weapons:
            if rules.weapons[w].cost > 1:
                out.append(("weapons", f"Downtrodden: '{w}' costs {rules.weapons[w].cost} caps (max 1)"))
        for it in spec.gear:
            if rules.gear[it].cost > 1:
                out.append(("gear", f"Downtrodden: '{it}' costs {rules.gear[it].cost} caps (max 1)"))
        return out


@register
class Numerous(Effect):
    """The first one deployed does not count against the number of models."""

    family, id = "special_rules", "numerous"

    def deploys_free(self, m: Model) -> bool:
        return True


@register
class Animal(Effect):
    """Cannot be given weapons or gear."""

    family, id = "special_rules", "animal"

    def arrives_naked(self, spec: GitSpec) -> bool:
        return True  # gnawballs and runts: no loot rolls, no injuries

    def gang_problems(self, spec: GitSpec, git: GitType, rules: RulesData) -> list[tuple[str, str]]:
        if spec.weapons or spec.gear:
            return [
                (
                    "weapons" if spec.weapons else "gear",
                    f"a {git.name} is an Animal: it cannot be given weapons or gear",
                )
            ]
        return []


@register
class BigMouth(Effect):
    """Data only: gits.yaml gives the git its Big Mouth fighting weapon (free_weapons)."""

    family, id = "special_rules", "big_mouth"


@register
class Rigged(Effect):
    """Explodes (x) when it falls over: the model is removed and the blast thrown."""

    family, id = "special_rules", "rigged"

    def explode_x(self, m: Model, match: Match) -> int:
        """How big the blast is: the special rule's X (a treatment's may be the model's toughness)."""
        return match.rules.special_rules[self.id].explode or 0

    def on_fell_over(self, m: Model, match: Match) -> Flow:
        x = self.explode_x(m, match)
        if not x or not m.in_play:
            return
        pos = match.position(m.id)
        match.remove_model(m, "exploded")
        radius = m.git.base_mm * MM / 2  # measured from anywhere on its base
        yield from match.combat.explode(m.id, pos, x, from_model=m.id, radius_in=radius, by=m)


@register
class Puny(Effect):
    """Every addition to the tower is doubled."""

    family, id = "special_rules", "puny"

    def tower_dice(self, m: Model, n: int) -> int:
        return n * 2


@register
class EagerHelper(Effect):
    """After a friendly move die resolves within 6", this git may move using it too."""

    family, id = "special_rules", "eager_helper"

    def helps_move(self, helper: Model, mover: Model) -> bool:
        return True


@register
class Hefty(Effect):
    """Data only: gits.yaml gives the git its 60 mm base."""

    family, id = "special_rules", "hefty"


@register
class Fly(Effect):
    """A vehicle that flies: each move die pivots it as normal, then it is picked up and placed
    the rolled distance away, ignoring what is between, looting the caps it passes over."""

    family, id = "special_rules", "fly"

    def flies(self, m: Model) -> bool:
        return True


@register
class Klanking(Effect):
    """After activating, a klank token; its next activation discards the token and ends."""

    family, id = "special_rules", "klanking"
    TOKEN = "klank"

    def before_swig(self, m: Model, match: Match) -> None:
        m.tokens[self.TOKEN] = 1

    def activation_end(self, m: Model, match: Match) -> None:
        # "After activating this model, put a klank token": also when it fell over mid-way
        # (no swig then). A reboot or a klanked activation ends before this hook: no token.
        m.tokens[self.TOKEN] = 1

    def wastes_next_activation(self, m: Model) -> bool:
        return bool(m.tokens.get(self.TOKEN))

    def activation_start(self, m: Model, match: Match) -> str | None:
        if not m.tokens.pop(self.TOKEN, 0):
            return None
        match.emit(Klanked(m.id))
        return "klank"


@register
class HunkOfMetal(Effect):
    """Cannot be booted up."""

    family, id = "special_rules", "hunk_of_metal"

    def can_be_booted_up(self, m: Model) -> bool:
        return False

    def mechanical(self, m: Model) -> bool:
        return True  # a hunk of metal: what a Massive Spanner bonks and a Fuel Can helps

    def boards(self) -> bool:
        # "you can put some other of your gits in the vehicle too as passengers (no, not
        # Klankbots, you fromager)": the hunk of metal is the Klankbot's own rule
        return False


@register
class RebootButton(Effect):
    """May activate while fallen (before the siren): the activation is a reboot."""

    family, id = "special_rules", "reboot_button"

    def can_activate_fallen(self, m: Model, match: Match) -> bool:
        from . import folds as effects

        return not match.siren and effects.can_stand(match, m)

    def activate_fallen(self, m: Model, match: Match) -> Flow:
        yield from match._reboot(m)
        return "reboot"
