"""Vehicle mods (rulebook: "Vehicle Mods"): one handler per id in vehicle_mods.yaml.

None is simulated yet (vehicles arrive with their own issue): each is registered as
deferred, so a gang that bolts one on gets a loud warning instead of a silent "ok".
"""

from __future__ import annotations

from .base import defer

defer(
    "vehicle_mods",
    "buzzblades electric_motor electroshock_collision_warning_system experimental_teleporter "
    "explosive_ram extra_seats flame_gouts force_field full_stocked_minibar fuzzy_dice git_launcher "
    "gory_trophy_rack honking_great_shaker_scoop hover_jets huge_spoiler huge_wheels insanely_loud_sound_system "
    "jet_engine loads_of_spikes massive_exhausts massive_ram mega_magnet megaphone mine_dropper "
    "mountains_of_ammo mystical_bumper_stickers nitro_booster oil_slick_dropper racing_stripes ramshackle_armour "
    "sidesaws smoke_belcher spiked_roller sponson wrecking_ball",
    "the vehicles issue",
)
