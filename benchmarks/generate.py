#!/usr/bin/env python3
"""Deterministic generator of synthetic Moonshot datasets in exactly the Apollo shape.

    python3 benchmarks/generate.py --missions 300000 --astronauts 50000 --out benchmarks/data/300mb

Writes OUT/missions.json (an array of missions: id, optional launchDate, a crew of 2-7
astronauts with roles in varying case, a description) and OUT/astronauts.json (an object
keyed by id). Descriptions are 500-1000 bytes of UTF-8 with non-ASCII text, escaped
quotes and paragraph breaks. The same arguments always give the same bytes.
"""
import argparse
import datetime
import json
import os
import random

WORDS = (
    "lunar module command service orbit descent ascent crew capsule booster stage rover sample "
    "crater mare highland telemetry guidance computer splashdown recovery carrier reentry heat "
    "shield rendezvous docking hatch suit oxygen tank fuel cell battery antenna television "
    "experiment seismometer reflector laser geology basalt regolith trajectory burn engine thrust"
).split()
ACCENTED = ["Gagarin’s", "Tereshkova", "São Paulo", "Zürich", "Kraków", "Ångström", "naïve", "café",
            "ʃɪp", "181⁄2", "—", "“quoted”", "Ελλάδα", "日本", "Привет", "🚀"]
ROLES = ["Commander", "Command Module Pilot", "Command module pilot", "Lunar Module Pilot",
         "Lunar module pilot", "Command Pilot", "Senior Pilot", "Pilot", "Flight Engineer", "mission specialist"]
FIRST = ["Neil", "Edwin", "Michael", "James", "John", "Charles", "Alan", "Eugene", "Harrison", "Virgil",
         "Zoë", "José", "Ngozi", "Łukasz", "Søren", "Amélie", "Aiko", "Björn", "Chidi", "Renée"]
LAST = ["Armstrong", "Aldrin", "Collins", "Lovell", "Young", "Conrad", "Shepard", "Cernan", "Schmitt",
        "Grissom", "Núñez", "O'Brien", "Müller", "Kowalski", "Dubois", "Tanaka", "Okafor", "Lindqvist"]


def description(rng, title):
    """500-1000 bytes of text with quotes, non-ASCII words and paragraph breaks."""
    target = rng.randint(500, 1000)
    text = f'{title} was a "synthetic" flight. '
    while len(text.encode()) < target:
        sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
        if rng.random() < 0.3:
            sentence += " " + rng.choice(ACCENTED)
        if rng.random() < 0.15:
            sentence += ' and the "' + rng.choice(WORDS) + '" phase'
        text += sentence.capitalize() + (".\n\n" if rng.random() < 0.12 else ". ")
    # Trim to the target on a character boundary, then end cleanly.
    data = text.encode()[:target].decode(errors="ignore").rstrip()
    return data + "."


def generate(missions, astronauts, out, seed=1969):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    ids = [f"{rng.choice(LAST).lower().replace(' ', '')}{n}" for n in range(astronauts)]
    with open(os.path.join(out, "astronauts.json"), "w", encoding="utf-8") as f:
        f.write("{\n")
        for n, astronaut_id in enumerate(ids):
            name = f"{rng.choice(FIRST)} {chr(65 + rng.randrange(26))}. {rng.choice(LAST)}"
            body = {"id": astronaut_id, "name": name, "description": description(rng, name)}
            f.write(f"    {json.dumps(astronaut_id)}: {json.dumps(body, ensure_ascii=rng.random() < 0.2, indent=8)[:-1]}    }}")
            f.write(",\n" if n + 1 < astronauts else "\n")
        f.write("}\n")
    start = datetime.date(1961, 1, 1)
    with open(os.path.join(out, "missions.json"), "w", encoding="utf-8") as f:
        f.write("[\n")
        for n in range(missions):
            mission_id = n + 1
            mission = {"id": mission_id}
            if rng.random() > 0.02:
                mission["launchDate"] = (start + datetime.timedelta(days=rng.randrange(40000))).isoformat()
            crew = rng.sample(range(astronauts), rng.randint(2, min(7, astronauts)))
            mission["crew"] = [{"name": ids[i], "role": rng.choice(ROLES)} for i in crew]
            mission["description"] = description(rng, f"Apollo {mission_id}")
            f.write("\t" + json.dumps(mission, ensure_ascii=rng.random() < 0.2, indent=4).replace("\n", "\n\t"))
            f.write(",\n" if n + 1 < missions else "\n")
        f.write("]\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--missions", type=int, required=True)
    parser.add_argument("--astronauts", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=1969)
    args = parser.parse_args()
    generate(args.missions, args.astronauts, args.out, args.seed)


if __name__ == "__main__":
    main()
