# SPDX-License-Identifier: GPL-3.0-or-later
"""python3-dbusmock template: the XDG desktop portal's Screenshot interface, for Saoma's tests.

Run on a private session bus:
    /usr/bin/python3 -m dbusmock --template Tests/Mocks/screenshot_portal.py \
        -p '{"uri": "file:///tmp/shot.png", "response": 0}' -l LOGFILE

`Screenshot(parent_window, options)` returns the request path the caller expects
(/org/freedesktop/portal/desktop/request/SENDER/TOKEN) and then sends `Response(response,
{"uri": uri})` on it to the caller alone (unicast, as xdg-desktop-portal does: libportal 0.6
subscribes without a match rule). Response 1 is a cancel, 2 a failure. Each call is logged as
`Screenshot parent=… interactive=…` in the mock's log.
"""

import dbus
import dbus.lowlevel
import dbus.service
from gi.repository import GLib

BUS_NAME = "org.freedesktop.portal.Desktop"
MAIN_OBJ = "/org/freedesktop/portal/desktop"
MAIN_IFACE = "org.freedesktop.portal.Screenshot"
SYSTEM_BUS = False
REQUEST_IFACE = "org.freedesktop.portal.Request"


def load(mock, parameters):
    mock.screenshot_uri = parameters.get("uri", "")
    mock.screenshot_response = int(parameters.get("response", 0))
    mock.AddProperties(MAIN_IFACE, {"version": dbus.UInt32(2)})

    @dbus.service.method(MAIN_IFACE, in_signature="sa{sv}", out_signature="o", sender_keyword="sender")
    def Screenshot(self, parent_window, options, sender):
        token = str(options.get("handle_token", "saoma"))
        path = "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)
        self.log("Screenshot parent=%s interactive=%s" % (parent_window, bool(options.get("interactive", False))))

        def respond():
            results = {}
            if self.screenshot_response == 0:
                results["uri"] = dbus.String(self.screenshot_uri)
            message = dbus.lowlevel.SignalMessage(path, REQUEST_IFACE, "Response")
            message.append(dbus.UInt32(self.screenshot_response), dbus.Dictionary(results, signature="sv"), signature="ua{sv}")
            message.set_destination(sender)
            self.connection.send_message(message)
            return False

        GLib.idle_add(respond)
        return dbus.ObjectPath(path)

    mock.methods.setdefault(MAIN_IFACE, {})["Screenshot"] = ("sa{sv}", "o", "", Screenshot)
