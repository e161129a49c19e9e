"""Fuzz the wire and the server: hostile bytes into the frame decoder and into a connection's
rules, hostile messages into the validator, and hostile requests into a server with real games.
Prints what was tried and every crash, unhandled exception and state change caused by a refused
input (all must be 0).

    python bench/fuzz.py [--inputs 100000] [--seed 1]
    python bench/fuzz.py --atheris [--inputs 100000]   # coverage-guided (pip install atheris):
                                                       # "Done N runs" and exit 0: no crash
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, Phase, given, seed, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tests.fuzzing import (  # noqa: E402
    ServerTarget,
    Tally,
    frame_inputs,
    fuzz_connection,
    fuzz_frames,
    fuzz_validator,
    latest,
    messages,
    plain,
    run_server_target,
)


def fuzz_settings(count: int) -> settings:
    return settings(
        max_examples=count,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )


def run(inputs: int, random_seed: int) -> list[tuple[str, Tally, float]]:
    share = inputs // 4 + 1
    results = []

    started = time.perf_counter()
    frames = Tally()

    @seed(random_seed)
    @fuzz_settings(share)
    @given(frame_inputs())
    def frame_case(case):
        fuzz_frames(frames, *case)

    frame_case()
    results.append(("frame decoder", frames, time.perf_counter() - started))

    started = time.perf_counter()
    connection = Tally()

    @seed(random_seed)
    @fuzz_settings(share)
    @given(frame_inputs())
    def connection_case(case):
        fuzz_connection(connection, *case)

    connection_case()
    results.append(("connection rules", connection, time.perf_counter() - started))

    started = time.perf_counter()
    valid = Tally()

    @seed(random_seed)
    @fuzz_settings(share)
    @given(st.one_of(messages(), plain))
    def validator_case(message):
        fuzz_validator(valid, message)

    validator_case()
    results.append(("message validator", valid, time.perf_counter() - started))

    for name, chosen_seeds in (("shared server", False), ("a player's own server", True)):
        started = time.perf_counter()
        rooms = Tally()

        def server_steps(target: ServerTarget, rooms: Tally = rooms) -> None:
            @seed(random_seed)
            @fuzz_settings(share // 2 + 1)
            @given(st.data())
            def server_case(data):
                roll = data.draw(st.integers(0, 5))
                if roll == 0:
                    target.play_legal(rooms, data.draw(st.integers(0, 1000)))
                elif roll == 1:
                    target.feed(rooms, *data.draw(latest()))
                else:
                    target.feed(
                        rooms, data.draw(st.integers(0, 6)), data.draw(messages(rooms=True))
                    )

            server_case()

        run_server_target(server_steps, chosen_seeds)
        results.append((f"{name} with real rooms", rooms, time.perf_counter() - started))
    return results


def run_atheris(inputs: int) -> None:
    """Coverage-guided bytes into the frame decoder, and into the validator when they are
    msgpack. A crash or an unexpected exception stops the run with libFuzzer's report and
    the input that caused it; "Done N runs" means none."""
    import atheris  # an optional tool: only this mode needs it
    import msgpack

    atheris.instrument_all()  # coverage for every module loaded so far, net/ included

    def one_input(data: bytes) -> None:
        tally = Tally()
        fuzz_frames(tally, data, [len(data) // 2])
        try:
            message = msgpack.unpackb(data, strict_map_key=False)
        except Exception:  # most random bytes are not msgpack: nothing to validate
            message = None
        if message is not None:
            fuzz_validator(tally, message)
        if not tally.clean:
            raise RuntimeError(tally.crashes[0])

    atheris.Setup([sys.argv[0], f"-runs={inputs}", "-max_len=512"], one_input)
    atheris.Fuzz()


def report(results: list[tuple[str, Tally, float]]) -> bool:
    clean = True
    for name, tally, seconds in results:
        rate = f", {tally.inputs / seconds:,.0f}/s" if seconds else ""
        print(
            f"{name}: {tally.inputs:,} inputs{rate}; crashes {len(tally.crashes)}, unhandled "
            f"exceptions {len(tally.unhandled)}, state changes from refused inputs "
            f"{len(tally.changed_by_refusal)}"
        )
        common = ", ".join(f"{k} {v}" for k, v in tally.outcomes.most_common(8))
        print(f"  outcomes: {common}")
        for problem in (tally.crashes + tally.unhandled + tally.changed_by_refusal)[:10]:
            print("  PROBLEM:", problem)
        clean = clean and tally.clean
    total = sum(t.inputs for _, t, _ in results)
    print(f"total {total:,} inputs: {'all clean' if clean else 'PROBLEMS FOUND'}")
    return clean


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--inputs", type=int, default=100_000, help="inputs in all (default 100,000)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--atheris", action="store_true", help="coverage-guided, with atheris")
    args = parser.parse_args(argv)
    if args.inputs < 3:
        parser.error("--inputs must be at least 3")
    if args.atheris:
        run_atheris(args.inputs)
        return
    sys.exit(0 if report(run(args.inputs, args.seed)) else 1)


if __name__ == "__main__":
    main()
