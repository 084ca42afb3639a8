# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints the accessibility tree of the running Saoma (AT-SPI, through pyatspi) as lines
`depth<TAB>role<TAB>parent role<TAB>name`; exits 1 when no Saoma application is on the bus
within the given seconds. Usage: /usr/bin/python3 accessible_tree.py [SECONDS]"""

import sys
import time

import pyatspi


def walk(node, depth, parent_role, out):
    try:
        role = node.getRoleName()
        name = node.name or ""
    except Exception:  # a node that went away while walking
        return
    out.append("%d\t%s\t%s\t%s" % (depth, role, parent_role, name.replace("\t", " ").replace("\n", " ")))
    for index in range(node.childCount):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        if child is not None:
            walk(child, depth + 1, role, out)


def main():
    deadline = time.monotonic() + float(sys.argv[1] if len(sys.argv) > 1 else 60)
    desktop = pyatspi.Registry.getDesktop(0)
    while True:
        apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
        apps = [a for a in apps if a is not None and (a.name or "").lower() in ("saoma", "io.github.saoma.saoma")]
        # Ready once the window with its header bar is in the tree.
        if apps and any(a.childCount > 0 for a in apps):
            break
        if time.monotonic() > deadline:
            sys.exit(1)
        time.sleep(0.1)
    out = []
    for app in apps:
        walk(app, 0, "", out)
    print("\n".join(out))


main()
