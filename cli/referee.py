"""The referee's ``fupan`` commands: ``fupan rules`` (the rule register: IDs, names, seed files, quotes
and options) and ``fupan ruling LOG --event N`` (one event's ruling as text, JSON or a printable HTML
sheet). docs/rulings.md describes both outputs."""

from __future__ import annotations

import argparse
from functools import partial
from typing import TYPE_CHECKING, Any

from cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    PROFILE_HELP,
    InputError,
    _emit,
    _replay,
    _settle,
    add_limit_args,
    write_file,
)
from replay import games
from replay.core.clip import cards_shown
from replay.core.numbering import event_index, event_words
from replay.core.said import said_in, seat_name

if TYPE_CHECKING:
    from referee.ruling import ClaimEntry, Ruling

# the register, the profiles and the referee's modules are imported by the commands that use them (cli.py)


def _shipped_values(name: str, game: str) -> dict[str, Any]:
    """Each shipped profile of a game and its value of option ``name``."""
    from replay.rules.profile_loader import load_profile, shipped_profiles

    out: dict[str, Any] = {}
    for prof_name in shipped_profiles():
        prof = load_profile(prof_name)
        if prof.game == game and name in prof.options:
            out[prof_name] = prof.options[name]
    return out


def register_json(game: str | None = None) -> dict[str, Any]:
    """The rule register as the JSON of ``fupan rules --json``: seeds, and each rule with its quotes per
    reason and its profile options (values, what each means, each shipped profile's choice)."""
    from replay.rules.profile_loader import option_defaults, options_of
    from replay.rules.register import RULES, SEED_FILES, SEED_TITLES, rules_of

    rules = rules_of(game) if game else list(RULES.values())
    doc_rules = []
    for r in rules:
        quotes = [{"reason": why or None, **q.to_json()} for why, qs in r.quotes.items() for q in qs]
        options = []
        for o in options_of(r.id):
            owners = [g for g in option_defaults(o.name) if game is None or g == game]
            values = list(o.kind) if isinstance(o.kind, tuple) else ([True, False] if o.kind is bool else None)
            options.append(
                {
                    "name": o.name,
                    "games": owners,
                    "help": {"zh": o.help_zh or o.help_en, "en": o.help_en},
                    "values": None
                    if values is None
                    else [{"value": v, "zh": o.meaning(v)[0], "en": o.meaning(v)[1]} for v in values],
                    "profiles": {g: _shipped_values(o.name, g) for g in owners},
                }
            )
        doc_rules.append(
            {
                "id": r.id,
                "name": {"zh": r.name_zh, "en": r.name_en},
                "games": list(r.games),
                "quotes": quotes,
                "options": options,
            }
        )
    seeds = {k: {"file": f, "title": {"zh": SEED_TITLES[k][0], "en": SEED_TITLES[k][1]}} for k, f in SEED_FILES.items()}
    return {"seeds": seeds, "rules": doc_rules}


def cmd_rules(args: argparse.Namespace) -> int:
    """fupan rules: the rule register."""
    if args.game is not None and args.game not in games.names():
        raise InputError(f"--game {args.game}: expected one of {', '.join(games.names())}")
    doc = register_json(args.game)
    if args.json:
        _emit(doc)
        return EXIT_OK
    zh = args.lang == "zh"
    for r in doc["rules"]:
        print(f"{r['id']}  {r['name']['zh']} / {r['name']['en']}  [{', '.join(r['games'])}]")
        for q in r["quotes"]:
            why = f"({q['reason']}) " if q["reason"] else ""
            if q["seed"]:
                where = f"{'种子' if zh else 'seed'} {q['seed']} ({q['file']})"
            else:
                where = f"{q['by']}{'的解读' if zh else ' reading'}"
            print(f"    {why}{where}: {q['text']}")
        for o in r["options"]:
            values = ", ".join(
                str(v["value"]).lower() if isinstance(v["value"], bool) else str(v["value"]) for v in o["values"] or []
            )
            print(f"    option {o['name']} ({values or 'a list'}): {o['help']['zh' if zh else 'en']}")
    return EXIT_OK


#: the words of a group of seats a step marks (``StepExtras.seat_groups``: 够级's locks and burns)
SEAT_GROUPS = {"passed": ("本轮已过牌", "passed"), "burners": ("烧牌人", "burners")}


def _before_lines(r: Ruling, k: int) -> list[str]:
    """The table before the event in words: the set on it and its owner, who may act, how and why, the
    seats that passed and the burners."""
    from replay.formats.notation.words import action_name

    v = r.before
    seat = partial(seat_name, en=k == 1)
    sep = ("、", ", ")[k]
    if v.table_seat is None:
        table = ("空（首攻）", "empty (a lead)")[k]
    else:
        table = f"{cards_shown(v.table_cards, k == 0)} ({('出牌人', 'owner')[k]} {seat(v.table_seat)})"
    lines = [f"{('桌面', 'table')[k]}: {table}"]
    for s, acts in v.to_act.items():
        why = v.why.get(s, ("", ""))[k]
        words = sep.join(action_name(a, r.game)[k] for a in acts)
        lines.append(f"  {('可以行动', 'may act')[k]}: {seat(s)} {words}" + (f" — {why}" if why else ""))
    for key, seats in v.extras.seat_groups():
        if seats:
            lines.append(f"  {SEAT_GROUPS[key][k]}: {sep.join(seat(s) for s in seats)}")
    from referee.ruling import roles_words

    roles = roles_words(v)
    if roles is not None:
        lines.append(f"  {roles[k]}")
    return lines


def _ruling_lines(r: Ruling, lang: str) -> list[str]:
    """One ruling in words, in ``lang``."""
    from replay.formats.notation.words import action_name

    k = 0 if lang == "zh" else 1
    d = r.to_json()
    head = event_words(r.event)[k] if r.event is not None else "—"
    seat = (f"{seat_name(r.seat)}", f"{seat_name(r.seat, en=True)}")[k]
    to = "" if r.to is None else (f" → {seat_name(r.to)}", f" -> {seat_name(r.to, en=True)}")[k]
    lines = [
        f"{head}{'：' if k == 0 else ': '}{seat} {action_name(r.action, r.game)[k]} {cards_shown(r.cards, k == 0)}{to}".rstrip()
    ]
    lines += _before_lines(r, k)
    verdict = ("合规", "legal") if r.legal else ("违规", "ILLEGAL")
    name = r.rule_name
    rule = "" if r.rule is None else f" [{r.rule}{'' if not r.reason else ':' + r.reason}] " + (name[k] if name else "")
    on = ("（按规则的牌桌上）", " (on the as-ruled table)") if r.line == "ruled" else ("", "")
    lines.append(f"{'裁定' if k == 0 else 'verdict'}{on[k]}: {verdict[k]}{rule}")
    if any(r.message):
        lines.append(f"  {r.message[k]}")
    if r.as_played is not None:
        lines.append(f"  {r.as_played[k]}")
    if r.reading is not None:
        lines.append(f"{'读法' if k == 0 else 'reading'}: {(r.reading.zh, r.reading.en)[k]}")
    if r.quote is not None:
        q = d["quote"]
        src = f"{'种子' if k == 0 else 'seed'} {q['seed']} ({q['file']})" if q["seed"] else f"{q['by']}"
        lines.append(f"{'原文' if k == 0 else 'quote'} [{src}]: {q['text']}")
    for o in d["options"]:
        lines.append(
            f"{'选项' if k == 0 else 'option'} {o['name']} = {o['value']}: {o['meaning']['zh' if k == 0 else 'en']}"
        )
    lines.append(f"{'后果' if k == 0 else 'consequence'}: {r.consequence[k]}")
    if r.alternatives:
        alts = "; ".join(
            f"{action_name(a['action'], r.game)[k]} {' '.join(a['cards'])}".rstrip() for a in r.alternatives
        )
        more = f" (+{r.more_alternatives})" if r.more_alternatives else ""
        lines.append(f"{'可以合规做的' if k == 0 else 'lawful alternatives'}: {alts}{more}")
    for u in r.unverified:
        lines.append(f"{'未能核实' if k == 0 else 'unverified'}: {said_in(u, 'zh' if k == 0 else 'en')}")
    for dec in r.decisions:
        lines.append(f"{'裁判记录' if k == 0 else 'decision'}: {dec.decision} by {dec.referee} at {dec.at}: {dec.text}")
    return lines


def _result_lines(entries: tuple[ClaimEntry, ...], lang: str) -> list[str]:
    """The ruling on a claimed result in words, in ``lang``."""
    from replay.claims import value_text

    k = 0 if lang == "zh" else 1
    lines = []
    for e in entries:
        mark = ("不符", "DIFFERS") if e.differs else ("相符", "agrees")
        lines.append(f"{e.key}: {value_text(e.claimed)} | {value_text(e.computed)}  {mark[k]} [{e.rule}]")
        if e.quote is not None:
            src = f"{'种子' if k == 0 else 'seed'} {e.quote.seed}" if e.quote.seed else e.quote.by
            lines.append(f"  {'原文' if k == 0 else 'quote'} [{src}]: {e.quote.text}")
        lines.append(f"  {'后果' if k == 0 else 'consequence'}: {e.consequence[k]}")
    return lines


def cmd_ruling(args: argparse.Namespace) -> int:
    """fupan ruling: one event's ruling, or the ruling on the claimed result."""
    from referee.ruling import result_ruling, ruling_of
    from referee.sheet import ruling_sheet

    rep = _replay(args, strict=False)
    if args.result:
        entries = result_ruling(rep)
        if not entries:
            raise InputError(f"{rep.log.source}: the log claims no result (no 'result' lines)")
        code = _settle(EXIT_ILLEGAL if any(e.differs for e in entries) else EXIT_OK)
        if args.json:
            _emit({"result": [e.to_json() for e in entries]})
        else:
            print("\n".join(_result_lines(entries, args.lang)))
        return code
    if args.event is None:
        raise InputError("give --event N (the event's number: 1 is the first) or --result (the claimed result)")
    n = len(rep.log.events)
    if not 1 <= args.event <= n:
        raise InputError(f"--event {args.event}: expected 1..{n} (the log has {n} events; 1 is the first)")
    r = ruling_of(rep, event_index(args.event))
    code = _settle(EXIT_OK if r.legal else EXIT_ILLEGAL)
    if args.html:
        write_file(args.html, ruling_sheet(r, rep.log, args.lang), "the ruling sheet")
    if args.json:
        _emit(r.to_json())
    elif not args.html:
        print("\n".join(_ruling_lines(r, args.lang)))
    else:
        print(f"ruling sheet: {args.html}")
    return code


def add_parsers(sub: Any) -> None:
    """Add ``rules`` and ``ruling`` to the ``fupan`` parser's subcommands."""
    p = sub.add_parser("rules", help="the rule register: IDs, names, seed files, quotes and options")
    p.add_argument("--json", action="store_true", help="the register as JSON (docs/rulings.md)")
    p.add_argument("--game", help=f"only the rules of one game ({', '.join(games.names())})")
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the plain output (default zh)")
    p.set_defaults(func=cmd_rules)
    p = sub.add_parser("ruling", help="one event's ruling: verdict, reading, seed quote, options, consequence")
    p.add_argument("log", help="a JSON or text log, or - for standard input")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--event", type=int, help="the event's number (1 = the first event, as fupan check counts)")
    which.add_argument("--result", action="store_true", help="rule on the log's claimed result instead")
    p.add_argument("--json", action="store_true", help="the ruling as JSON (docs/rulings.md)")
    p.add_argument(
        "--html", metavar="OUT", help="write the printable ruling sheet (one self-contained HTML page) to OUT"
    )
    p.add_argument("--lang", choices=("zh", "en"), default="zh", help="language of the text and the sheet (default zh)")
    p.add_argument("--profile", help="the rule profile instead of the log's: " + PROFILE_HELP)
    add_limit_args(p)
    p.set_defaults(func=cmd_ruling)
