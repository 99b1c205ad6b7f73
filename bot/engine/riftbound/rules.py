"""Riftbound rule numbers the engine cites, per Core Rules version.

Targeting is 355.6-355.17 in v1.3 and 352.5-352.16 in v1.2; resolving with illegal targets is
359.3.e in v1.3 and 356.3.e in v1.2.  Tests check every number here against the real files.
"""

from __future__ import annotations

from types import MappingProxyType

CURRENT = "1.3"

_V13 = {
    "card_text_wins": "002",
    "do_what_you_can": "055",
    "cant_beats_can": "054.1",
    "targeting": "355.6",
    "targeted": "355.7",
    "all_targets_needed": "355.8",
    "valid_target": "355.9",
    "where_objects_are": "355.9.a",
    "board_objects": "355.9.a.1",
    "chain_objects": "355.9.a.2",
    "facedown": "355.9.a.3",
    "legend_zone": "355.9.a.4",
    "champion_zone": "355.9.a.5",
    "restrictions": "355.9.b",
    "not_itself": "355.9.c",
    "mentioned_is_target": "355.10",
    "non_public": "355.10.a",
    "public_zones": "355.10.a.1",
    "restriction_only": "355.10.b",
    "cost_trigger_replacement": "355.10.c",
    "cost_within": "355.10.c.1",
    # A Main Deck card is recycled to the Main Deck (416.1.a).
    "recycle_to_main_deck": "416.1.a",
    "programmatic": "355.10.d",
    "no_choice_possible": "355.10.d.1",
    "only_valid_choice": "355.10.d.2",
    "other_players": "355.10.e",
    "must": "355.10.f",
    "group": "355.11",
    "group_choose": "355.11.a",
    "group_subset": "355.11.b",
    "may_perform": "355.12",
    "up_to": "355.13",
    "split": "355.14",
    "split_targets": "355.14.a",
    "split_max": "355.14.c",
    "split_each": "355.14.f",
    "split_min": "355.14.g",
    "split_drop": "355.14.h",
    "on_resolution": "355.17",
    "check_targets": "358.1",
    "resolves_anyway": "359.3.e.1",
    "illegal_on_resolution": "359.3.e.2",
    "legal_again": "359.3.e.3",
    "new_object": "359.3.e.4",
    "unaffected": "359.3.e.5",
    "ignored": "359.3.e.6",
    "all_invalid": "359.3.e.7",
    "some_invalid": "359.3.e.8",
    "mistargeting": "359.3.e.9",
    "no_effect_still_played": "359.3.e.10",
    "null_information": "359.3.e.12",
    "linked": "359.3.e.14.a",
    # A spell that moves something to another zone can "look back" at it (359.3.e.13).
    "look_back": "359.3.e.13",
    # Playing cards and the chain, and the actions the game facade carries out.
    # "If the card is a spell ... those choices are made now" (355.1; 352.1 in v1.2).
    "choices_now": "355.1",
    "choose_location": "355.2",
    "valid_location": "355.2.a",
    "permanent_to_board": "359.2",
    # A played unit enters exhausted, a played gear ready (359.2.c-d).
    "unit_enters_exhausted": "359.2.c",
    "gear_enters_ready": "359.2.d",
    "spell_lingers": "359.3",
    # Step 1 of playing a card: "Remove the card from the zone you are playing it from and put
    # it onto the Chain" (354).
    "play_from_zone": "354",
    # "ignoring its cost": its base Energy and Power costs are set to zero (356.1.b.1).
    "ignoring_cost": "356.1.b.1",
    # A token put into a Non-Board Zone other than the chain ceases to exist (183.1).
    "token_ceases": "183.1",
    "newest_resolves": "340.1",
    "deal": "417",
    # Bonus Damage alters the amount a Deal action distributes (417.5); several are summed
    # (714); with several units dealt damage, each is increased separately (715.2).  Damage a
    # spell says a unit deals is dealt by that unit, not by the spell (417.6.b.3).
    "bonus_damage": "417.5",
    "bonus_summed": "714",
    "bonus_each_target": "715.2",
    "unit_deals": "417.6.b.3",
    "lethal_damage": "323.5",
    # Replacement effects ("would ... instead") alter an event as it happens (369.1).
    "replacement": "369.1",
    # Several replacements for one event: the owner of the object acted on orders them (372).
    "replacement_order": "372",
    # A recall sends a permanent to its base and isn't a move (450, 451).
    "recall": "450",
    "buff": "426.1.b",
    "buff_might": "703",
    # Spending a buff removes a Buff counter; none can be spent from a unit without one.
    "spend_buff": "702.2.b",
    "no_buff_to_spend": "702.2.b.1",
    "double": "432.1.a",
    "recall_not_move": "451",
    # Units of opposing players at one battlefield make a combat (316.4.a), during which control
    # of the battlefield doesn't change (187.4.b).
    "combat_occurs": "316.4.a",
    "control_kept_in_combat": "187.4.b",
    # [Deathknell] triggers as the permanent is killed and sent to the trash (808.1.d), not
    # when a replacement recalls it instead (808.1.d.1).
    "deathknell": "808.1.d",
    "deathknell_not_trash": "808.1.d.1",
    "recall_not_stopped": "451.3",
    "stun": "423",
    # Combat damage: each side assigns damage equal to its units' summed Might (460.2.c); a
    # stunned unit adds none (423.1.b).
    "combat_damage_summed": "460.2.c",
    "stunned_no_combat_damage": "423.1.b",
    # A stunned unit can't be stunned again (so "When you stun" doesn't trigger) (423.1.a.1).
    "stunned_again": "423.1.a.1",
    # The end of a turn: units lose Stunned (423.1.a.2), all units heal (317.2.b) and "this
    # turn" effects expire (317.2.c).
    "stun_ends": "423.1.a.2",
    "end_heal": "317.2.b",
    "this_turn_expires": "317.2.c",
    "awaken_ready": "315.1.b",
    # The rest of the Start of Turn: the Scoring Step's holds (315.2.b.2), the Channel Phase's
    # 2 runes (315.3.b) and the Draw Phase's card (315.4.b).
    "scoring_step_holds": "315.2.b.2",
    "channel_phase": "315.3.b",
    "draw_phase": "315.4.b",
    # Tokens: controlled by whoever controlled what made them (179); the effect may say they
    # enter ready or exhausted (181.1).
    "token_controller": "179",
    "token_enters": "181.1",
    "controller": "188.1",
    "ability_control": "188.4.b",
    "banish": "427",
    "kill": "428.1",
    # [Temporary]: "At the start of this permanent's controller's Beginning Phase, before
    # scoring, kill this." (816.1.b)
    "temporary": "816.1.b",
    # "Active Kill is when the action is taken ... as a cost for a card or ability" (428.1.a.1):
    # Gold's "Kill this, [E]: ..." kills it as the ability is activated.
    "kill_as_cost": "428.1.a.1",
    "move": "441.1",
    # The standard move (144): a unit's inherent action; exhausting it is the cost (144.2);
    # not while the chain is open (144.1.b) nor in a showdown or combat (144.1.c); base to a
    # battlefield or back (144.4.a-b), battlefield to battlefield only with [Ganking]
    # (144.4.c.1, 810.1.b); moving doesn't use the chain and can't be reacted to (441.3.c).
    # The Board: bases, battlefields, facedown zones and the Legend Zone (107.1-107.4).
    "board": "107",
    "standard_move": "144",
    "standard_move_closed": "144.1.b",
    "standard_move_showdown": "144.1.c",
    "standard_move_cost": "144.2",
    "standard_move_destinations": "144.4",
    "standard_move_ganking": "144.4.c.1",
    # 144.4.a.1 / 444.2: no move onto a battlefield with units of 2 other players (multiplayer).
    "move_two_other_players": "144.4.a.1",
    "move_two_other_players_any": "444.2",
    "move_no_chain": "441.3.c",
    "move_destination": "355.4",
    "weaponmaster": "821.1.b",
    "weaponmaster_unit_not_chosen": "821.1.c.6",
    "move_destination_other": "355.4.a",
    # Channeling takes runes from the top of the rune deck, a zone that isn't public.
    "channel": "430.1",
    # A card's cost, for any purpose, is its printed cost (131.4).
    "printed_cost": "131.4",
    # A player's permanents reside in that player's base (another player's base is no place
    # for them: 355.4.a).
    "own_base": "107.1.c",
    # An Equipment's Effect Text is inactive unless it is attached (136.2.b); attached, its
    # abilities are the top-most card's (718.3).
    "effect_text_inactive": "136.2.b",
    "effect_text_appended": "718.3",
    # Attachments: an attached card's printed Rules Text is inactive (718.2) and inactive
    # abilities can't be activated nor trigger (721.2); its Might Bonus modulates the unit's
    # Might while attached (137.3, 137.3.a) and is ignored on a unit with no Might (137.3.b).
    "attach": "434.1",
    "attach_location": "434.4",
    "attached_rules_inactive": "718.2",
    "inactive_abilities": "721.2",
    "might_bonus": "137.3",
    "might_bonus_stops": "137.3.a",
    "might_bonus_no_might": "137.3.b",
    # The unit and what is attached to it are at one location and move together (719.3.a);
    # it leaving the board detaches them where it was (719.5, 435.4.b), and an unattached
    # gear at a battlefield is recalled at the next cleanup (452.1).
    "attached_move_together": "719.3.a",
    "attached_apart": "718.5.c",
    "detach_on_leaving": "719.5",
    "detach_where": "435.4",
    "detach_recalled": "435.4.a",
    "detach_nothing": "435.1.a.1",
    "detach_location": "435.4.b",
    "unattached_gear_recalled": "452.1",
    "attached_other_controller": "718.5.e",
    "attached_control": "718.5.f",
    "weaponmaster_text": "821.1.c",
    "quick_draw_text": "819.1.d",
    # "Cards with Quick-Draw have Reaction inherently" (819.1.b), Quick-Draw granted too.
    "quick_draw_reaction": "819.1.b",
    # Deflect: an opponent pays more to choose the permanent.
    "deflect": "809.1.c",
    "deflect_any_domain": "809.1.c.1",
    "deflect_cost": "809.1.d",
    "deflect_default": "809.1.b.3",
    "deflect_sum": "809.2",
    # Granted Assault / Shield add to what the unit has (Block on Stalwart Poro: Shield 4).
    "assault_sum": "807.2",
    # Several units' standard moves at once, to one destination (144.3, 144.3.a-b).
    "group_move": "144.3",
    "shield_sum": "814.2",
    "mandatory_cost": "356.2.a.2",
    # Abilities on the chain: who controls them, activating, triggering, resolving.
    "ability_controller": "188.4.a",
    "uncontrolled_battlefield": "187.6.b",
    "ability_control_kept": "188.4.b",
    "ability_chooses": "188.4.c",
    "activated": "377.1",
    "activated_chain": "377.3",
    "controller_activates": "378",
    "activated_on_board": "380",
    "triggered": "383",
    "trigger_parts": "383.2",
    "trigger_to_chain": "383.3",
    # Triggered at the same time: their controller orders them on the chain; with several
    # controllers, the turn player first, then in turn order.
    "trigger_order": "383.3.d",
    "trigger_order_players": "383.3.d.1",
    "abilities_like_cards": "399",
    "ability_chain_item": "400.1",
    "ability_choices": "402.1",
    "activated_no_options": "402.2",
    "trigger_no_options": "402.3",
    "trigger_not_countered": "402.3.a",
    "trigger_must_choose": "402.3.b",
    "ability_cost": "403.1.a",
    # [E] in a cost is "Exhaust this/me" (414.5); it can be paid only if the source can be
    # exhausted (414.4), and an exhausted unit can't be exhausted again (414.1.b).
    "exhaust_cost": "414.4",
    "exhaust_symbol": "414.5",
    "exhausted_again": "414.1.b",
    "ability_resolves": "406.5",
    "split_on_resolution": "355.14.e",
    "equip": "818.1.c.2",
    "equip_target": "818.1.b.1",
    # Timing: a chain closes the state, and then only [Reaction] plays (309.1, 309.1.a).
    "closed_state": "309.1",
    "closed_reaction_only": "309.1.a",
    "reaction_card": "813.1.c.1",
    "reaction_ability": "813.1.c.2",
    # Passive abilities: a permanent's apply while it is on the board (365.1); "if" or "while"
    # makes one conditional (364.3.a); Might changes are the Arithmetic layer (472.3).
    "passive_on_board": "365.1",
    "conditional_passive": "364.3.a",
    "might_arithmetic": "472.3",
    # "-3 [M] this turn, to a minimum of 1 [M]": limited as it is applied, and remembered
    # ("snapshotted") at that level for the effect (472.3.b).
    "might_floor": "472.3.b",
    # An ability with the [Add] action resolves at once, never a chain item (400.2, 337.1.c).
    "add_resolves_immediately": "400.2",
    "add_no_execute_step": "337.1.c",
    # Units become attackers and defenders as a combat begins (459.2.b.3-4).
    "combat_roles": "459.2.b.3",
    # Units enter exhausted; Accelerate alters it (143.4, 143.4.a).
    "unit_enters_exhausted_altered": "143.4.a",
    # Accelerate: a unit's optional additional cost, [1] and a Power of its domain, to enter
    # ready (805.1.a, 805.1.a.1-2); it is a unit ability (805.1) and enters ready, not
    # exhausted then readied (805.6).
    "accelerate_unit": "805.1",
    "accelerate": "805.1.a",
    "accelerate_domain_power": "805.1.a.1",
    "accelerate_any_power": "805.1.a.2",
    "accelerate_enters_ready": "805.6",
    # Repeat: a spell's optional additional cost, executing its instructions one more time
    # (820.1.d, 820.1.d.1); several instances each paid once (820.1.c.2-3); the repeat's
    # choices are made as the spell is played and may differ (820.2, 820.2.a).
    "repeat_instances": "820.1.c.2",
    "repeat_once_each": "820.1.c.3",
    "repeat": "820.1.d",
    "repeat_executes_again": "820.1.d.1",
    "repeat_choices": "820.2",
    "repeat_different_choices": "820.2.a",
    # Hidden: pay [A] to hide a card facedown at a battlefield you control, in an Open State
    # on your turn; from the next turn it may be played from there, ignoring its base cost,
    # with [Reaction] (811.1.b, 811.6).  Hiding isn't playing and opens no chain (811.1.c.2);
    # playing from facedown does (811.1.c.3).  Its choices are restricted to that battlefield
    # (811.1.d, 811.1.d.1-2).  A facedown zone holds one card (107.3.b); hiding is 421.1.
    "hidden": "811.1.b",
    "hide_no_chain": "811.1.c.2",
    "hidden_play_opens_chain": "811.1.c.3",
    "hidden_choices": "811.1.d",
    "hidden_permanent_there": "811.1.d.1",
    "hidden_targets_there": "811.1.d.2",
    "hidden_played_normally": "811.3",
    "hidden_reaction": "811.6",
    "facedown_one_card": "107.3.b",
    "hide_action": "421.1",
    "open_state": "309.2",
    # A triggered ability is recognised by "when" (383.1); one active in a zone off the board
    # triggers there (383.2.c.1: Immortal Phoenix from the trash).
    "trigger_recognised": "383.1",
    "trigger_in_zone": "383.2.c.1",
    # A copy takes every Trait of what it copies, its name and Rules Text included (472.1.b.1).
    "copy": "472.1.b.1",
    # Discarding moves a card from its player's hand to their trash (422.1); an effect
    # discards as many as it can (422.4).
    "discard": "422.1",
    # Recycling puts cards on the bottom of their deck (416.1); as a cost it must be able to
    # be completed (416.3: Vi, Destructive's "Recycle 1 from your trash").
    "recycle": "416.1",
    "recycle_cost": "416.3",
    # The player discarding chooses which cards (422.1.a).
    "discard_chooses": "422.1.a",
    "discard_as_many": "422.4",
    # A discard in a cost ("Discard 1, [E]:", Unlicensed Armory) must be able to be completed
    # for the cost to be paid (422.3).
    "discard_cost": "422.3",
    # The Chosen Champion: placed in its player's Champion Zone at the start of the game
    # (103.2.a.1, 108.3.b); it must be a champion unit (103.2.a.2).
    "chosen_champion_start": "103.2.a.1",
    "chosen_champion_unit": "103.2.a.2",
    "champion_zone_start": "108.3.b",
    # An ability's other cost increases and decreases apply as its total cost is determined.
    "cost_changes": "403.3",
}

# v1.2 numbers for the same rules; None where v1.2 has no such rule.
_V12_FROM_V13 = {
    "recycle_to_main_deck": "403.1.a",
    "unit_enters_exhausted_altered": "142.4.a",
    "accelerate_unit": "731.1",
    "accelerate": "731.1.a",
    "accelerate_domain_power": "731.1.a.1",
    "accelerate_any_power": "731.1.a.2",
    "accelerate_enters_ready": "731.6",
    "repeat_instances": "746.1.c.2",
    "repeat_once_each": "746.1.c.3",
    "repeat": "746.1.d",
    "repeat_executes_again": "746.1.d.1",
    "repeat_choices": "746.2",
    "repeat_different_choices": "746.2.a",
    "controller": "185.1",
    "ability_control": "185.4.b",
    "targeting": "352.5",
    "targeted": "352.6",
    "all_targets_needed": "352.7",
    "valid_target": "352.8",
    "where_objects_are": "352.8.a",
    "board_objects": "352.8.a.1",
    "chain_objects": "352.8.a.2",
    "facedown": "352.8.a.3",
    "legend_zone": "352.8.a.4",
    "champion_zone": "352.8.a.5",
    "restrictions": "352.8.b",
    "not_itself": "352.8.c",
    "on_resolution": "352.9",
    "may_perform": "352.12",
    "check_targets": "355.1",
    "choices_now": "352.1",
    "resolves_anyway": "356.3.e.1",
    "illegal_on_resolution": "356.3.e.2",
    "legal_again": "356.3.e.3",
    "new_object": "356.3.e.4",
    "unaffected": "356.3.e.5",
    "ignored": "356.3.e.6",
    "all_invalid": "356.3.e.7",
    "some_invalid": "356.3.e.8",
    "mistargeting": "356.3.e.9",
    "no_effect_still_played": "356.3.e.10",
    "null_information": "356.3.e.12",
    # v1.2 has no rule on linked instructions; its null-information rule covers the case.
    "linked": "356.3.e.12",
    "look_back": "356.3.e.13",
    "choose_location": "352.2",
    "valid_location": "352.2.a",
    "permanent_to_board": "356.2",
    "unit_enters_exhausted": "356.2.c",
    "gear_enters_ready": "356.2.d",
    "spell_lingers": "356.3",
    "play_from_zone": "351",
    "ignoring_cost": "353.1.a",
    "token_ceases": "180.1",
    "newest_resolves": "336.1",
    "deal": "404",
    "bonus_damage": "404.5",
    "unit_deals": "404.6.b.3",
    "lethal_damage": "322.4",
    "replacement": "366.1",
    "replacement_order": "368",
    "recall": "433",
    "buff": "413.1.b",
    "buff_might": "703",
    # Spending a buff removes a Buff counter; none can be spent from a unit without one.
    "spend_buff": "702.2.b",
    "no_buff_to_spend": "702.2.b.1",
    "double": "419.1.a",
    "recall_not_move": "434",
    "control_kept_in_combat": "184.3.c",
    "deathknell": "734.1.d",
    "deathknell_not_trash": "734.1.d.1",
    "recall_not_stopped": "434.3",
    "stun": "410",
    "combat_damage_summed": "443.1.d",
    "stunned_no_combat_damage": "410.1.b",
    "stunned_again": "410.1.a.1",
    "stun_ends": "410.1.a.2",
    "end_heal": "317.2.b",
    "this_turn_expires": "317.3.a",
    "awaken_ready": "315.1.a",
    "scoring_step_holds": "315.2.b.1",
    "token_controller": "176",
    "token_enters": "178.1",
    "banish": "414",
    "kill": "415.1",
    "temporary": "742.1.b",
    "kill_as_cost": "415.1.a.1",
    "move": "424.1",
    "board": "106",
    "standard_move": "143",
    "standard_move_closed": "143.1.b",
    "standard_move_showdown": "143.1.c",
    "standard_move_cost": "143.2",
    "standard_move_destinations": "143.4",
    "standard_move_ganking": "143.4.c.1",
    "move_two_other_players": "143.4.a.1",
    "move_two_other_players_any": "427.2",
    "move_no_chain": "424.3.c",
    "move_destination": "352.3",
    "weaponmaster": "747.1.b",
    "weaponmaster_unit_not_chosen": "747.1.c.6",
    "move_destination_other": "352.3",
    "channel": "417.1",
    "printed_cost": "130.4",
    "own_base": "106.2.d",
    "effect_text_inactive": "135.2.b",
    "attach": "421.1",
    "attach_location": "421.4",
    "attached_rules_inactive": "718.2",
    "inactive_abilities": "721.1.b",
    "might_bonus": "136.3",
    "might_bonus_stops": "136.3.a",
    "might_bonus_no_might": "136.3.b",
    "attached_move_together": "719.3.a",
    "attached_apart": "718.6",
    "detach_on_leaving": "719.5",
    "detach_where": "422.4",
    "detach_recalled": "422.4.a",
    "detach_nothing": "422.1.a.1",
    "detach_location": "422.4.b",
    "unattached_gear_recalled": "435.1",
    "attached_other_controller": "718.8",
    "attached_control": "718.8.a",
    "weaponmaster_text": "747.1.c",
    "quick_draw_text": "745.1.d",
    "quick_draw_reaction": "745.1.b",
    "deflect": "735.1.c",
    "deflect_any_domain": "735.1.c.1",
    "deflect_cost": "735.1.d",
    "deflect_default": "735.1.b.3",
    "deflect_sum": "735.2",
    "assault_sum": "733.2",
    "group_move": "143.3",
    "shield_sum": "740.2",
    "mandatory_cost": "353.2.a.2",
    "ability_controller": "185.4.a",
    "uncontrolled_battlefield": "184.6.b",
    "ability_control_kept": "185.4.b",
    "ability_chooses": "185.4.c",
    "activated": "370.1",
    "activated_chain": "370.2",
    "controller_activates": "371",
    "activated_on_board": "373",
    "triggered": "376",
    "trigger_parts": "376.2",
    "trigger_to_chain": "376.3",
    "trigger_order": "376.3.b",
    "trigger_order_players": "376.3.b.1",
    "abilities_like_cards": "387",
    "ability_chain_item": "388.1",
    "ability_choices": "390.1",
    "activated_no_options": "390.2",
    "trigger_no_options": "390.3",
    "trigger_not_countered": "390.3.a",
    "trigger_must_choose": "390.3.b",
    "ability_cost": "391.1.a",
    "exhaust_cost": "401.4",
    "exhaust_symbol": "401.5",
    "exhausted_again": "401.1.b",
    "ability_resolves": "394.5",
    "equip": "744.1.c.2",
    "equip_target": "744.1.b.1",
    "reaction_card": "739.1.c.1",
    "reaction_ability": "739.1.c.3",
    "passive_on_board": "362.1",
    "conditional_passive": "361.3.a",
    "might_arithmetic": "454.3",
    "might_floor": "454.3.b",
    "add_resolves_immediately": "388.2",
    "add_no_execute_step": "333.1.c",
    "combat_roles": "442.1.a.3",
    "hidden": "737.1.b",
    "hide_no_chain": "737.1.c.2",
    "hidden_play_opens_chain": "737.1.c.3",
    "hidden_choices": "737.1.d",
    "hidden_permanent_there": "737.1.d.1",
    "hidden_targets_there": "737.1.d.2",
    "hidden_played_normally": "737.3",
    "hidden_reaction": "737.6",
    "facedown_one_card": "106.4.b",
    "hide_action": "408.1",
    "trigger_recognised": "376.1",
    "trigger_in_zone": "376.2.c.1",
    "copy": "454.1.b.1",
    "discard": "409.1",
    "recycle": "403.1",
    "recycle_cost": "403.3",
    "discard_chooses": "409.1.a",
    "discard_as_many": "409.4",
    "discard_cost": "409.3",
    "chosen_champion_start": "103.2.a.1",
    "chosen_champion_unit": "103.2.a.2",
    "champion_zone_start": "107.2.a",
    "cost_changes": "391.3",
}


def _v12() -> dict[str, str]:
    table: dict[str, str] = {}
    for concept, number in _V13.items():
        if concept in _V12_FROM_V13:
            table[concept] = _V12_FROM_V13[concept]
        elif number.startswith("355.1"):  # 355.10-355.14 kept their numbers as 352.10-352.14
            table[concept] = "352" + number[3:]
        else:
            table[concept] = number
    return table


RULES = MappingProxyType({"1.3": MappingProxyType(_V13), "1.2": MappingProxyType(_v12())})
# v1.2-only rules worth citing: passives and replacement effects never target, nor do units.
V12_ONLY = MappingProxyType(
    {"passive_no_targets": "352.9.a", "replacement_no_targets": "352.9.b", "units_gear": "352.9.c"}
)


# v1.3-only rules: a condition on using an activated ability (377.2.b), and "here", "my" and
# "its" read from the source as each instruction is carried out (359.3.f).
V13_ONLY = MappingProxyType(
    {
        # A "When you play me" trigger goes on the chain as a pending item once its permanent
        # is finalized (383.4.a.2); no player receives priority while one exists (335.3).
        "play_effect_pending": "383.4.a.2",
        "no_priority_pending": "335.3",
        # Repeat is present on spells (820.1.a); "as you play me" instructions execute as the
        # card is played, so Repeat doesn't execute them again (135.2.b.3).
        "repeat_on_spells": "820.1.a",
        "as_you_play_not_repeated": "135.2.b.3",
        # Attaching a card to the unit it is attached to has no effect (434.1.g).
        "attach_again": "434.1.g",
        "use_condition": "377.2.b",
        # A permanent's triggered ability chooses its targets when it triggers, not as the
        # permanent is played (355.5.b; v1.2 had 352.9.c "units and gear never target").
        "trigger_choices_later": "355.5.b",
        # Modal spells and abilities: only the chosen mode's choices are made (355.3).
        "choose_modes": "355.3",
        "source_info": "359.3.f.1",
        "here_on_execution": "359.3.f.2",
        # Information from a trigger condition ("When I die": where it died) is read when
        # the condition is met (359.3.f.3).
        "trigger_condition_info": "359.3.f.3",
        # A trigger whose effect starts with "you may": its controller chooses whether to put
        # it on the chain (383.3.a); a conditional statement after the condition must be true
        # for it to go there (383.3.e).
        "trigger_may": "383.3.a",
        "trigger_if": "383.3.e",
        # "Then do this:" makes a reflexive trigger, a chain item of its own (387).
        "reflexive": "387",
        # "Kill it the next time it takes damage this turn": a delayed trigger (390.2).
        "delayed_trigger": "390.2",
        # Card text may grant permission to play units to locations not normally valid, which
        # then become valid (355.2.b: Rengar, Trophy Hunter).
        "play_permission": "355.2.b",
        # Battlefield states named by card text (169.10.a-c): "occupied" (a unit is there),
        # "open" (unoccupied and uncontrolled): Deadbloom Predator, Sai Scout.
        "occupied_battlefield": "169.10.a",
        "open_battlefield": "169.10.c",
        # [Legion]: "If you have played another card this turn, this card gains [Text]".
        "legion": "812.1.b.1",
        # Another card finalized the same turn makes the Dependent Ability active (812.1.c).
        "legion_active": "812.1.c",
        # A later "instead" in the same spell replaces an earlier part (157.2).
        "later_replaces_earlier": "157.2",
        # A replacement applies once to an event or what replaced it (370.2; v1.2 has none).
        "replacement_once": "370.2",
        # No cleanup while a chain item resolves: lethal damage kills right after (321).
        "no_cleanup_while_resolving": "321",
        "ability_info": "359.3.f.4",
        # Bonus Damage on split damage is added to the amount split, not to each share (715.3).
        "bonus_split": "715.3",
        # "Friendly" and "enemy" are relative to the objects' controllers (740.1, 740.2).
        "friendly": "740.1",
        "enemy": "740.2",
        # Playing a card checks its timing permissions: on a Closed State, [Reaction] (358.3).
        "play_timing": "358.3",
        # Prevented damage: 0 dealt is no damage dealt (437.2.a, 437.4; v1.2 has no Prevent).
        "prevented": "437.4",
        # "As an additional cost to play me, kill a friendly unit" (356.6's example): paid
        # with the other non-standard costs (357.2); a choice that can't be made undoes the
        # play (358.4); Mighty is 5 or more Might (708).
        "kill_cost": "356.6",
        "pay_other_costs": "357.2",
        "play_undone": "358.4",
        "mighty": "708",
        # "becomes Mighty": its Might changes from less than 5 to 5 or more (709).
        "becomes_mighty": "709",
        # XP: a resource players gain and spend (728, 730); [Level N]: "While you have [N] or
        # more XP, this card gains [Text]" (824.1.b.1), active while they do (824.1.c).
        "xp": "728",
        "level_active": "824.1.c",
        "level_inactive": "824.1.d",
        # "Triggered Abilities of Dependent Keywords must be Active for their trigger to be
        # evaluated" (727.1.c.1): an inactive [Level] trigger doesn't trigger.
        "dependent_trigger_active": "727.1.c.1",
        # "Activated Abilities that become Active from Dependent Keywords can be activated at
        # their associated timing after that ability has been granted" (727.1.c.3).
        "dependent_activated": "727.1.c.3",
        # Keywords a spell gives (Vault Breaker, Cleave, Block): Assault is "+X [M]" only
        # while an attacker (807.1.c), Shield only while a defender (814.1.c), Tank orders
        # combat damage (815.1.b), Ganking allows battlefield-to-battlefield moves (810.1.b).
        "assault_attacker": "807.1.c",
        "shield_defender": "814.1.c",
        "tank": "815.1.b",
        "ganking": "810.1.b",
        # [Temporary]: "At the start of this permanent's controller's Beginning Phase, before
        # scoring, kill this." (816.1.b); a card's printed Rules Text is inactive while it is
        # attached (718.2), text given to it is not (Unleashed FAQ, Turn to Dust).
        "temporary": "816.1.b",
        # [Vision]: "When this is played, look at the top card of your Main Deck. You may
        # recycle it." (817.1.b); "Multiple instances of Vision trigger separately" (817.2).
        "vision": "817.1.b",
        "vision_separately": "817.2",
        "gain_xp": "730.1",
        # "Spend 3 XP" in a cost (Keeper of the Hammer): spending reduces the XP marked on the
        # player (730.2); costs are paid as the ability is activated (404.1), and one that
        # can't be paid undoes the activation (405.2).
        "spend_xp": "730.2",
        "pay_costs": "404.1",
        "activation_undone": "405.2",
        "hunt": "823.1.c.1",
        "hunt_summed": "823.2",
        # Scoring: a conquer is gaining control of a battlefield not yet scored this turn
        # (464.1), a hold keeping control of one in the Beginning Phase (464.2); control is
        # established by the player with units remaining there (461.5); a score gains up to
        # one point (466.1) and triggers its effects once a turn (466.2.c).
        "conquer": "464.1",
        "hold": "464.2",
        "establish_control": "461.5",
        "score_point": "466.1",
        # The Winning Point (466.1.b): at the Victory Score less one, a hold gains it
        # (466.1.b.1); a conquer only if every battlefield was scored this turn, else the
        # player draws a card (466.1.b.2).  A 1v1 game's Victory Score is 8 (480.3).
        "winning_point": "466.1.b",
        "winning_point_hold": "466.1.b.1",
        "winning_point_conquer": "466.1.b.2",
        "victory_score_duel": "480.3",
        "duel_battlefields": "480.4",
        "win_at_cleanup": "467",
        # Points a spell or ability gives ("you score 1 point": Ahri, Alluring) are gained,
        # not scored through a conquer or hold: no Winning Point restriction (466.1.a.1).
        "points_not_from_scoring": "466.1.a.1",
        # Swapping two values is an Increase of the lower and a Decrease of the higher by
        # their difference (433.1.b); an increase's limit ("increase its Might to ...") is
        # snapshotted as it is applied (472.3.d.1.b).
        # A triggered ability's "pay [1] to ..." (Vayne, Hunter) is paid as it goes on the
        # chain (383.3.b.1), not as it resolves (383.3.b.2).
        "trigger_cost_to_chain": "383.3.b.1",
        "trigger_cost_not_on_resolution": "383.3.b.2",
        "swap": "433.1.b",
        # "The Chosen Champion can be played from here as normal" (108.3.d; QA 55 U3).
        "champion_zone_play": "108.3.d",
        "increase_snapshotted": "472.3.d.1.b",
        # A player with no units at a battlefield loses control of it in the next cleanup of
        # an Open State (187.4.c): an empty battlefield isn't held (QA 48 M9).
        "control_lost_without_units": "187.4.c",
        # "Uncontrolled": no player controls it (169.10.b); a player with units there outside
        # combat keeps control (187.4.a).
        "battlefield_uncontrolled": "169.10.b",
        "units_keep_control": "187.4.a",
        # Weaponmaster's Equip cost without [A] is paid but not reduced (821.1.c.3).
        "weaponmaster_no_a": "821.1.c.3",
        "scored_once": "466.2.c",
        # [Ambush]: "I may be played to a battlefield where you control Units" and "I have
        # [Reaction] as long as I'm being played to a battlefield where you control Units".
        "ambush": "822.1.b",
        # A facedown card whose controller lost its battlefield is removed in the next
        # cleanup, to its owner's trash (107.3.d, 323.7).
        "facedown_lost_battlefield": "107.3.d",
        "hidden_removed_in_cleanup": "323.7",
        # A hidden spell or play effect that plays a unit plays it at that battlefield.
        "hidden_unit_there": "811.1.d.3",
        # Showdowns: by default no card is played in a Showdown State (343.1.a); [Action] is
        # "This can be played during showdowns on any player's turn" (806.1.c.1); [Reaction]
        # isn't restricted to Closed States or Showdowns (813.2).
        "showdown_no_cards": "343.1.a",
        "action_in_showdowns": "806.1.c.1",
        "reaction_any_state": "813.2",
    }
)


# Each keyword's "whether or not a <object> has <Keyword> is a characteristic ... and may be
# checked" rule (v1.3 805-826), cited when a question asks whether something has it.
KEYWORD_CHECKED = MappingProxyType(
    {
        "accelerate": "805.5",
        "action": "806.5.a",
        "assault": "807.3",
        "deathknell": "808.3",
        "deflect": "809.3",
        "ganking": "810.3",
        "hidden": "811.5",
        "legion": "812.3",
        "reaction": "813.5.a",
        "shield": "814.3",
        "tank": "815.3",
        "temporary": "816.3",
        "vision": "817.3",
        "equip": "818.5",
        "quick-draw": "819.3",
        "repeat": "820.4",
        "weaponmaster": "821.3",
        "ambush": "822.4",
        "hunt": "823.3",
        "level": "824.2",
        "unique": "825.4",
        "backline": "826.6",
    }
)


def keyword_checked(keyword: str, version: str = CURRENT) -> tuple[str, ...]:
    """``("809.3",)`` for "Deflect" in v1.3 (its "may be checked" rule); () elsewhere."""
    number = KEYWORD_CHECKED.get(keyword.strip().lower())
    return (number,) if number is not None and version == "1.3" else ()


def cite_if(concept: str, version: str = CURRENT) -> tuple[str, ...]:
    """``(number,)`` for a rule that exists only in some versions, ``()`` where it doesn't."""
    if concept in RULES[version]:
        return (RULES[version][concept],)
    if version == "1.3" and concept in V13_ONLY:
        return (V13_ONLY[concept],)
    if version == "1.2" and concept in V12_ONLY:
        return (V12_ONLY[concept],)
    return ()


def rule(concept: str, version: str = CURRENT) -> str:
    """The rule number for ``concept`` in ``version`` (``rule("must")`` -> ``"355.10.f"``)."""
    try:
        return RULES[version][concept]
    except KeyError as error:
        raise KeyError(f"no rule {concept!r} for Riftbound v{version}") from error


def cite(*concepts: str, version: str = CURRENT) -> tuple[str, ...]:
    return tuple(rule(concept, version) for concept in concepts)


def equivalent(concept: str) -> str:
    """``"355.10.f (352.10.f in v1.2)"`` - the current number and the older one."""
    now, before = rule(concept, "1.3"), rule(concept, "1.2")
    return now if now == before else f"{now} ({before} in v1.2)"


def older_numbers(numbers: tuple[str, ...] | list[str]) -> list[tuple[str, str]]:
    """(v1.3 number, v1.2 number) for each cited v1.3 rule that v1.2 numbers differently
    (``355.10.b`` -> ``352.10.b``), so an answer can name both."""
    concept_of = {number: concept for concept, number in _V13.items()}
    pairs = []
    for number in numbers:
        concept = concept_of.get(number)
        if concept is not None and RULES["1.2"][concept] != number:
            pairs.append((number, RULES["1.2"][concept]))
    return pairs
