#!/usr/bin/env python3
"""Writes the layout-scale scenes of docs/benchmarks.md ("Layout at real scale") into a folder:
nested-N.json, stacks nested N deep (an hstack of a label, a capsule and the next stack, alternating with vstacks),
for N in 8, 12, 16, 32, 64 and 120 (a scene file nests at most 256 arrays and objects, two a level), and
screen-1000.json, 50 rows of 20 cells (a text, a symbol and a rounded rectangle each) at 1920 x 1080.
Usage: Benchmarks/layout-scenes.py OUT_DIR"""
import json
import os
import sys


def nested(depth):
    view = {"text": "Leaf"}
    for level in range(depth):
        label = {"label": {"title": f"Level {level}", "systemImage": "star.fill", "size": 12}}
        if level % 2 == 0:
            view = {"hstack": [label, {"capsule": {}, "modifiers": [{"fill": "#007aff"}, {"frame": {"width": 24, "height": 12}}]}, view]}
        else:
            view = {"vstack": [label, view]}
    return {"size": [390, 844], "background": "#ffffff", "root": view}


def screen(rows, cells):
    symbols = ["star.fill", "heart", "bell", "house"]
    cell = lambda r, c: {"vstack": {"spacing": 1, "children": [
        {"text": {"string": f"{r}.{c}", "size": 11}},
        {"symbol": {"name": symbols[(r + c) % len(symbols)], "size": 12}},
        {"roundedRectangle": {"cornerRadius": 3}, "modifiers": [{"fill": "#34c759"}, {"frame": {"height": 4}}]}]}}
    row = lambda r: {"hstack": {"spacing": 2, "children": [cell(r, c) for c in range(cells)]}}
    return {"size": [1920, 1080], "background": "#ffffff",
            "root": {"vstack": {"spacing": 2, "children": [row(r) for r in range(rows)]}}}


out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for depth in (8, 12, 16, 32, 64, 120):
    with open(os.path.join(out, f"nested-{depth}.json"), "w") as f:
        json.dump(nested(depth), f)
with open(os.path.join(out, "screen-1000.json"), "w") as f:
    json.dump(screen(50, 20), f)
