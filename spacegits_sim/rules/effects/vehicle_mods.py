"""Vehicle mods (rulebook: "Vehicle Mods"): one handler per id in vehicle_mods.yaml.

The mods that change a vehicle's numbers (seats, move dice, distance, handling, smash dice,
toughness seen by a smash, smash damage) are simulated. The rest are registered as deferred,
so a gang that bolts one on gets a loud warning instead of a silent "ok".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Effect, defer, register

if TYPE_CHECKING:
    from ..state import Model

EXPLOSIVE_RAM_USED = "explosive_ram_used"  # token: the first smash has had its +2/+4


class _Mod(Effect):
    family = "vehicle_mods"


@register
class ExtraSeats(_Mod):
    """ "The vehicle gains +2 Seats." """

    id = "extra_seats"

    def seats(self, m: Model, n: int) -> int:
        return n + 2


@register
class HoverJets(_Mod):
    """ "It rolls 4 move dice when it scoots." """

    id = "hover_jets"

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        return max(n, 4), largest, bigger


@register
class HonkingGreatShakerScoop(_Mod):
    """ "One of the move dice you roll each activation can be one dice size higher than your
    engine stat." """

    id = "honking_great_shaker_scoop"

    def vehicle_dice(self, m: Model, n: int, largest: int, bigger: bool) -> tuple[int, int, bool]:
        return n, largest, True


@register
class MassiveExhausts(_Mod):
    """ "All its move dice count as a minimum of 4, even if they roll lower." """

    id = "massive_exhausts"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        return distance + max(0, 4 - value)


@register
class RacingStripes(_Mod):
    """ "Its move dice gain +2"." """

    id = "racing_stripes"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        return distance + 2.0


@register
class JetEngine(_Mod):
    """ "Any of your move dice that roll 12 or more gain +6"." """

    id = "jet_engine"

    def vehicle_move(self, m: Model, value: int, distance: float) -> float:
        return distance + (6.0 if value >= 12 else 0.0)


@register
class HugeSpoiler(_Mod):
    """ "It gains +2 handling." """

    id = "huge_spoiler"

    def handling(self, m: Model, h: int) -> int:
        return h + 2


@register
class HugeWheels(_Mod):
    """ "It gains +2 handling." (a different mod: the two stack)"""

    id = "huge_wheels"

    def handling(self, m: Model, h: int) -> int:
        return h + 2


@register
class LoadsOfSpikes(_Mod):
    """ "You roll +2 smash dice." """

    id = "loads_of_spikes"

    def smash_dice(self, m: Model, n: int) -> int:
        return n + 2


@register
class Buzzblades(_Mod):
    """ "When you roll your smash dice, you count the target's toughness as 1 lower." """

    id = "buzzblades"

    def smash_toughness(self, m: Model, t: int) -> int:
        return t - 1


@register
class MassiveRam(_Mod):
    """ "Your smash dice do +1/+1 damage." """

    id = "massive_ram"

    def smash_damage(self, m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
        return dmg[0] + 1, dmg[1] + 1


@register
class ExplosiveRam(_Mod):
    """ "The first time in a game you smash, your smash dice do +2/+4 damage." (Asked once per
    smash, so the first ask spends it.)"""

    id = "explosive_ram"

    def smash_damage(self, m: Model, dmg: tuple[int, int]) -> tuple[int, int]:
        if m.tokens.get(EXPLOSIVE_RAM_USED):
            return dmg
        m.tokens[EXPLOSIVE_RAM_USED] = 1
        return dmg[0] + 2, dmg[1] + 4


defer(
    "vehicle_mods",
    "electric_motor electroshock_collision_warning_system experimental_teleporter "
    "flame_gouts force_field full_stocked_minibar fuzzy_dice git_launcher "
    "gory_trophy_rack insanely_loud_sound_system "
    "mega_magnet megaphone mine_dropper "
    "mountains_of_ammo mystical_bumper_stickers nitro_booster oil_slick_dropper ramshackle_armour "
    "sidesaws smoke_belcher spiked_roller sponson wrecking_ball",
    "a later part of the vehicles issue",
)
