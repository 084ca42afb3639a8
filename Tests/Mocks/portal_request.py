# SPDX-License-Identifier: GPL-3.0-or-later
"""What every portal mock in this folder shares: the `org.freedesktop.portal.Request` handshake.

A portal method returns the request path the caller expects
(/org/freedesktop/portal/desktop/request/SENDER/TOKEN) and then, once the call has returned,
sends `Response(response, results)` on it to the caller alone (unicast, as xdg-desktop-portal
does: libportal 0.6 subscribes without a match rule).
"""

import dbus
import dbus.lowlevel
from gi.repository import GLib

# Where every portal lives (the templates' BUS_NAME and MAIN_OBJ, which dbusmock reads).
BUS_NAME = "org.freedesktop.portal.Desktop"
MAIN_OBJ = "/org/freedesktop/portal/desktop"
REQUEST_IFACE = "org.freedesktop.portal.Request"


def request_path(sender, options):
    """The request object path for `sender` and the call's `handle_token` option."""
    token = str(options.get("handle_token", "saoma"))
    return "/org/freedesktop/portal/desktop/request/%s/%s" % (sender[1:].replace(".", "_"), token)


def respond_later(mock, sender, path, response, results):
    """Sends `Response(response, results)` on `path` to `sender` once the call has returned."""

    def respond():
        message = dbus.lowlevel.SignalMessage(path, REQUEST_IFACE, "Response")
        message.append(dbus.UInt32(response), dbus.Dictionary(results, signature="sv"), signature="ua{sv}")
        message.set_destination(sender)
        mock.connection.send_message(message)
        return False

    GLib.idle_add(respond)
    return dbus.ObjectPath(path)
