# SPDX-License-Identifier: GPL-3.0-or-later
"""python3-dbusmock template: the XDG desktop portal's Screenshot interface, for Saoma's tests.

Run on a private session bus:
    /usr/bin/python3 -m dbusmock --template Tests/Mocks/screenshot_portal.py \
        -p '{"uri": "file:///tmp/shot.png", "response": 0}' -l LOGFILE

`Screenshot(parent_window, options)` returns the request path the caller expects
(/org/freedesktop/portal/desktop/request/SENDER/TOKEN) and then sends `Response(response,
{"uri": uri})` on it to the caller alone (unicast, as xdg-desktop-portal does: libportal 0.6
subscribes without a match rule). Response 1 is a cancel, 2 a failure. With an `error`
parameter the call itself fails with that message (`org.freedesktop.portal.Error.Failed`). Each
call is logged as `Screenshot parent=… interactive=…` in the mock's log.
"""

import os
import sys

import dbus
import dbus.service

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from portal_request import BUS_NAME, MAIN_OBJ, request_path, respond_later  # noqa: E402, F401

MAIN_IFACE = "org.freedesktop.portal.Screenshot"
SYSTEM_BUS = False


def load(mock, parameters):
    mock.screenshot_uri = parameters.get("uri", "")
    mock.screenshot_response = int(parameters.get("response", 0))
    mock.screenshot_error = parameters.get("error")
    mock.AddProperties(MAIN_IFACE, {"version": dbus.UInt32(2)})

    @dbus.service.method(MAIN_IFACE, in_signature="sa{sv}", out_signature="o", sender_keyword="sender")
    def Screenshot(self, parent_window, options, sender):
        self.log("Screenshot parent=%s interactive=%s" % (parent_window, bool(options.get("interactive", False))))
        if self.screenshot_error is not None:
            raise dbus.exceptions.DBusException(self.screenshot_error, name="org.freedesktop.portal.Error.Failed")
        results = {"uri": dbus.String(self.screenshot_uri)} if self.screenshot_response == 0 else {}
        return respond_later(self, sender, request_path(sender, options), self.screenshot_response, results)

    mock.methods.setdefault(MAIN_IFACE, {})["Screenshot"] = ("sa{sv}", "o", "", Screenshot)
