# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints the accessibility tree of the running Saoma (AT-SPI, through pyatspi) as lines
`depth<TAB>role<TAB>parent role<TAB>name`; exits 1 when no Saoma application is on the bus
within the given seconds. With --geometry each line is
`depth<TAB>role<TAB>parent role<TAB>x,y,width,height<TAB>states<TAB>name` instead: the extents in
window coordinates and the states among focused, showing, visible (comma-separated).
Usage: /usr/bin/python3 accessible_tree.py [SECONDS] [--geometry]"""

import sys
import time

import pyatspi


STATES = [("focused", pyatspi.STATE_FOCUSED), ("showing", pyatspi.STATE_SHOWING), ("visible", pyatspi.STATE_VISIBLE)]


def geometry(node):
    """`x,y,width,height<TAB>states` of a node (extents in window coordinates, -1 when it has none)."""
    try:
        extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        box = "%d,%d,%d,%d" % (extents.x, extents.y, extents.width, extents.height)
    except Exception:  # no Component interface
        box = "-1,-1,-1,-1"
    try:
        states = node.getState()
        names = [name for name, state in STATES if states.contains(state)]
    except Exception:
        names = []
    return box + "\t" + ",".join(names)


def walk(node, depth, parent_role, out, with_geometry):
    try:
        role = node.getRoleName()
        name = node.name or ""
    except Exception:  # a node that went away while walking
        return
    shown = name.replace("\t", " ").replace("\n", " ")
    if with_geometry:
        out.append("%d\t%s\t%s\t%s\t%s" % (depth, role, parent_role, geometry(node), shown))
    else:
        out.append("%d\t%s\t%s\t%s" % (depth, role, parent_role, shown))
    for index in range(node.childCount):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        if child is not None:
            walk(child, depth + 1, role, out, with_geometry)


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    with_geometry = "--geometry" in sys.argv[1:]
    deadline = time.monotonic() + float(arguments[0] if arguments else 60)
    desktop = pyatspi.Registry.getDesktop(0)
    while True:
        apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
        apps = [a for a in apps if a is not None and (a.name or "").lower() in ("saoma", "io.github.saoma.saoma")]
        # Ready once the window with its header bar is in the tree.
        if apps and any(a.childCount > 0 for a in apps):
            break
        if time.monotonic() > deadline:
            seen = [(a.name or "?") if a is not None else "(gone)" for a in [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]]
            print("no Saoma window on the accessibility bus; applications: %s" % ", ".join(seen), file=sys.stderr)
            sys.exit(1)
        time.sleep(0.1)
    out = []
    for app in apps:
        walk(app, 0, "", out, with_geometry)
    print("\n".join(out))


main()
