"""The ``referee`` command: serve the API, evaluate, cross-validate and benchmark the judge,
rebuild it."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="referee", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser(
        "serve", help="run the HTTP service (its judge: $REFEREE_JUDGE = model, lexical or none)"
    )
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--db",
        metavar="PATH",
        help="SQLite file of the tables (default: $REFEREE_DB, else var/referee.sqlite3)",
    )

    commands.add_parser("games", help="list the games the referee knows")

    evaluate = commands.add_parser("eval", help="measure the judge on labelled cases")
    evaluate.add_argument("what", choices=["judge"])
    evaluate.add_argument("files", nargs="+", type=Path)
    evaluate.add_argument("--json", action="store_true", help="print one JSON object")
    evaluate.add_argument(
        "--as-speech",
        action="store_true",
        help="judge every case as a transcriber without punctuation or capitals would send it",
    )

    crossval = commands.add_parser(
        "crossval", help="cross-validate a judge's calibration on its calibration set"
    )
    crossval.add_argument("what", choices=["mention", "coherence", "ending"])
    crossval.add_argument("--shuffles", type=int, default=30, help="default: %(default)s")
    crossval.add_argument(
        "--stage-two-sure",
        type=float,
        help="mention only: how sure stage two must be to decide, in (0.5, 1] "
        "(default: the build's)",
    )
    crossval.add_argument("--json", action="store_true", help="print one JSON object")

    bench = commands.add_parser("bench", help="benchmark against a baseline in the same run")
    bench.add_argument("what", choices=["judge"], nargs="?", default="judge")
    bench.add_argument("--json", action="store_true", help="print one JSON object")
    bench.add_argument("--rounds", type=int, default=10)

    build = commands.add_parser("build", help="rebuild trained artifacts from the repo's data")
    build.add_argument(
        "what",
        choices=["judge", "clue"],
        nargs="?",
        default="judge",
        help="judge: every artifact; clue: only the clue judges' calibrations (seconds)",
    )

    train = commands.add_parser("train", help="train a cross-encoder (skipped when current)")
    train.add_argument("what", choices=["mention", "story", "clue", "all"])
    train.add_argument("--force", action="store_true", help="train even when current")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``referee`` command."""
    args = _parser().parse_args(argv)
    if args.command == "serve":
        import uvicorn

        from api.judges import judge_factory_from_env

        if args.db:
            os.environ["REFEREE_DB"] = args.db
        try:
            judge_factory_from_env()
        except ValueError as exc:
            print(f"referee serve: {exc}", file=sys.stderr)
            return 2
        from api.logs import log_config

        uvicorn.run("api.main:app", host=args.host, port=args.port, log_config=log_config())
        return 0
    if args.command == "eval":
        from referee.judge.cases import load_cases
        from referee.judge.evaluate import evaluate, format_report

        try:
            cases = load_cases(args.files)
        except (OSError, ValueError) as exc:
            print(f"referee eval: {exc}", file=sys.stderr)
            return 2
        if args.as_speech:
            cases = [case.as_speech() for case in cases]
        report = evaluate(cases)
        print(json.dumps(report) if args.json else format_report(report))
        return 0
    if args.command == "crossval":
        from referee.judge.build import STAGE_TWO_SURE
        from referee.judge.crossval import cross_validate, format_cross_validation

        sure = args.stage_two_sure or STAGE_TWO_SURE
        if args.shuffles < 1 or not 0.5 < sure <= 1:
            print(
                "referee crossval: need --shuffles >= 1 and --stage-two-sure in (0.5, 1]",
                file=sys.stderr,
            )
            return 2
        if args.what != "mention":
            if args.stage_two_sure is not None:
                print(
                    f"referee crossval: --stage-two-sure is the mention judge's, not {args.what}'s",
                    file=sys.stderr,
                )
                return 2
            from referee.judge.story_crossval import (
                format_story_cross_validation,
                story_cross_validate,
            )

            story = story_cross_validate(args.what, args.shuffles)
            print(json.dumps(story) if args.json else format_story_cross_validation(story))
            return 0
        result = cross_validate(args.shuffles, sure)
        print(json.dumps(result) if args.json else format_cross_validation(result))
        return 0
    if args.command == "bench":
        from referee.judge.bench import bench_judge, format_bench

        result = bench_judge(args.rounds)
        print(json.dumps(result) if args.json else format_bench(result))
        return 0
    if args.command == "build":
        from referee.judge.build import main as build_main

        return build_main(args.what)
    if args.command == "train":
        from referee.judge.train_clue import train_clue_encoder
        from referee.judge.train_cross_encoder import train_mention_cross_encoder
        from referee.judge.train_story_nli import train_story_nli

        trainers = {
            "mention": train_mention_cross_encoder,
            "story": train_story_nli,
            "clue": train_clue_encoder,
        }
        chosen = list(trainers) if args.what == "all" else [args.what]
        summary = {name: trainers[name](force=args.force) for name in chosen}
        print(json.dumps(summary, indent=1))
        return 0
    from referee.core.registry import game_names

    for name in game_names():
        print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
