# SPDX-License-Identifier: GPL-3.0-or-later
"""python3-dbusmock template for Saoma's Wi-Fi joining tests: the stock `networkmanager`
template, plus a Wi-Fi device, an optional saved profile, and AddAndActivateConnection,
ActivateConnection and Update overridden to record what the client sent (as JSON lines in
the file named by the `record` parameter) and to end in the outcome the test chooses.

The stock AddAndActivateConnection fails when the access point argument is `/` and on
non-ASCII SSIDs (PLATFORM.md), hence the override.

Parameters (JSON, `-p`): record (path), wifi (bool, default true), outcome ("connected",
"wrong-password", "not-in-range"), existing_ssid (a saved profile for this SSID, optional).
"""
import json

import dbus
import dbusmock
from dbusmock.templates.networkmanager import *  # noqa: F401,F403 (the Mock interface methods)
from dbusmock.templates import networkmanager as nm

BUS_NAME = nm.BUS_NAME
MAIN_OBJ = nm.MAIN_OBJ
MAIN_IFACE = nm.MANAGER_IFACE
SYSTEM_BUS = True

# NMActiveConnectionState and NMDeviceStateReason values.
ACTIVATED, DEACTIVATED = 2, 4
DEVICE_FAILED = 120
REASONS = {"wrong-password": 7, "not-in-range": 53}


def plain(value):
    """A dbus-python value as JSON-able Python: byte arrays as lists of numbers."""
    if isinstance(value, dbus.Array) and value.signature == 'y':
        return [int(b) for b in value]
    if isinstance(value, (dbus.Dictionary, dict)):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (dbus.Array, list)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.UInt32, dbus.Int32, dbus.Byte)):
        return int(value)
    return str(value)


def load(mock, parameters):
    nm.load(mock, parameters)
    record_path = parameters['record']
    outcome = parameters.get('outcome', 'connected')
    device = None
    if parameters.get('wifi', True):
        device = mock.AddWiFiDevice('wlan0', 'wlan0', nm.DeviceState.DISCONNECTED)

    def record(entry):
        with open(record_path, 'a', encoding='utf-8') as out:
            out.write(json.dumps(entry, ensure_ascii=False) + '\n')

    def finish(self, connection_path, dev):
        state = ACTIVATED if outcome == 'connected' else DEACTIVATED
        active = nm.AddActiveConnection(self, [dev], connection_path, '/', str(len(self.Get(nm.MANAGER_IFACE, 'ActiveConnections'))),
                                        dbus.UInt32(state))
        if outcome != 'connected':
            dev_obj = dbusmock.get_object(dev)
            dev_obj.Set(nm.DEVICE_IFACE, 'State', dbus.UInt32(DEVICE_FAILED))
            dev_obj.Set(nm.DEVICE_IFACE, 'StateReason', (dbus.UInt32(DEVICE_FAILED), dbus.UInt32(REASONS[outcome])))
        return dbus.ObjectPath(active)

    def add_and_activate_connection(self, settings, dev, ap):
        record({'method': 'AddAndActivateConnection', 'settings': plain(settings), 'device': str(dev), 'ap': str(ap)})
        path = dbusmock.get_object(nm.SETTINGS_OBJ).SettingsAddConnection(settings)
        return (dbus.ObjectPath(path), finish(self, path, dev))

    def activate_connection(self, conn, dev, ap):
        record({'method': 'ActivateConnection', 'connection': str(conn), 'device': str(dev), 'ap': str(ap)})
        return finish(self, str(conn), dev)

    manager = dbusmock.get_object(nm.MANAGER_OBJ)
    manager.add_and_activate_connection = add_and_activate_connection
    manager.activate_connection = activate_connection

    if 'existing_ssid' in parameters:
        settings_obj = dbusmock.get_object(nm.SETTINGS_OBJ)
        ssid = dbus.ByteArray(parameters['existing_ssid'].encode('utf-8'))
        path = settings_obj.SettingsAddConnection(dbus.Dictionary({
            'connection': dbus.Dictionary({'id': 'Old profile', 'uuid': 'e1d3f7a2-0000-4000-8000-000000000001',
                                           'type': '802-11-wireless'}, signature='sv'),
            '802-11-wireless': dbus.Dictionary({'ssid': dbus.Array(ssid, signature='y')}, signature='sv'),
        }, signature='sa{sv}'))
        connection = dbusmock.get_object(path)
        original = connection.ConnectionUpdate

        def update(self, settings):
            record({'method': 'Update', 'connection': str(self.connection_path), 'settings': plain(settings)})
            return original(self, settings)
        connection.ConnectionUpdate = update
