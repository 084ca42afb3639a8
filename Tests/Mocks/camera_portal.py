# SPDX-License-Identifier: GPL-3.0-or-later
"""python3-dbusmock template: the XDG desktop portal's Camera interface, for Saoma's tests.

Run on a private session bus:
    /usr/bin/python3 -m dbusmock --template Tests/Mocks/camera_portal.py \
        -p '{"pipewire_socket": "/run/user/…/pipewire-0", "response_file": "/tmp/response"}' -l LOGFILE

`AccessCamera(options)` returns the request path the caller expects
(/org/freedesktop/portal/desktop/request/SENDER/TOKEN) and then sends `Response(response, {})`
on it to the caller alone (unicast, as xdg-desktop-portal does). The response is read from
`response_file` at each call (0 when the file is missing: granted; 1 cancelled/denied, 2 failed),
so one mock serves a test process's grant and denial cases. `OpenPipeWireRemote(options)`
connects a Unix socket to `pipewire_socket` and hands it over as the returned descriptor. Calls
are logged as `AccessCamera response=N` and `OpenPipeWireRemote`.
"""

import os
import socket
import sys

import dbus
import dbus.service

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from portal_request import BUS_NAME, MAIN_OBJ, request_path, respond_later  # noqa: E402, F401

MAIN_IFACE = "org.freedesktop.portal.Camera"
SYSTEM_BUS = False


def load(mock, parameters):
    mock.camera_socket = parameters.get("pipewire_socket", "")
    mock.camera_response_file = parameters.get("response_file", "")
    mock.AddProperties(MAIN_IFACE, {"version": dbus.UInt32(1), "IsCameraPresent": dbus.Boolean(True)})

    def response_code():
        try:
            with open(mock.camera_response_file) as f:
                return int(f.read().strip() or "0")
        except (OSError, ValueError):
            return 0

    @dbus.service.method(MAIN_IFACE, in_signature="a{sv}", out_signature="o", sender_keyword="sender")
    def AccessCamera(self, options, sender):
        code = response_code()
        self.log("AccessCamera response=%d" % code)
        return respond_later(self, sender, request_path(sender, options), code, {})

    @dbus.service.method(MAIN_IFACE, in_signature="a{sv}", out_signature="h")
    def OpenPipeWireRemote(self, options):
        self.log("OpenPipeWireRemote")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.connect(self.camera_socket)
        descriptor = dbus.types.UnixFd(sock.fileno())
        sock.close()
        return descriptor

    mock.methods.setdefault(MAIN_IFACE, {})["AccessCamera"] = ("a{sv}", "o", "", AccessCamera)
    mock.methods.setdefault(MAIN_IFACE, {})["OpenPipeWireRemote"] = ("a{sv}", "h", "", OpenPipeWireRemote)
