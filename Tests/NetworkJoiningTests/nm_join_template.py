# SPDX-License-Identifier: GPL-3.0-or-later
"""python3-dbusmock template for Saoma's Wi-Fi joining tests: the stock `networkmanager`
template, plus a Wi-Fi device, an optional saved profile, and AddAndActivateConnection,
ActivateConnection and Update overridden to record what the client sent (as JSON lines in
the file named by the `record` parameter) and to end in the outcome the test chooses.

The stock AddAndActivateConnection fails when the access point argument is `/` and on
non-ASCII SSIDs (PLATFORM.md), hence the override.

Parameters (JSON, `-p`): record (path), wifi (bool, default true), outcome ("connected",
"wrong-password", "not-in-range"), existing_ssid (a saved profile for this SSID, optional), existing
("bare", "wpa" or "enterprise": what that profile holds, see `saved_settings`), secrets_fail (the
saved profile's GetSecrets is refused), unanswered (a list of "GetDevices", "ListConnections":
these calls never answer, and the mock answers nothing more once one is made).
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
        add_saved_profile(parameters['existing_ssid'], parameters.get('existing', 'bare'), parameters.get('secrets_fail', False), record)

    # A NetworkManager that is stuck: the call blocks the mock until the test kills it.
    never = 'time.sleep(3600)'
    for method in parameters.get('unanswered', []):
        if method == 'GetDevices':
            manager.AddMethod(nm.MANAGER_IFACE, 'GetDevices', '', 'ao', never)
        elif method == 'ListConnections':
            dbusmock.get_object(nm.SETTINGS_OBJ).AddMethod(nm.SETTINGS_IFACE, 'ListConnections', '', 'ao', never)


# Keys NetworkManager treats as secrets: GetSettings leaves them out, GetSecrets returns them.
SECRET_KEYS = {'psk', 'password', 'wep-key0', 'wep-key1', 'wep-key2', 'wep-key3', 'private-key-password',
               'phase2-private-key-password', 'leap-password', 'pin'}


def saved_settings(ssid, kind):
    """A saved profile as NetworkManager holds it (secrets included): `bare` (name and SSID only),
    `wpa` (WPA-PSK, agent-owned flags off, a manual IPv4 address) or `enterprise` (PEAP with a CA
    certificate, a domain-suffix match, a private key password and manual IPv4)."""
    s = lambda d: dbus.Dictionary(d, signature='sv')
    settings = {
        'connection': s({'id': 'Old profile', 'uuid': 'e1d3f7a2-0000-4000-8000-000000000001', 'type': '802-11-wireless'}),
        '802-11-wireless': s({'ssid': dbus.Array(dbus.ByteArray(ssid.encode('utf-8')), signature='y')}),
    }
    if kind == 'bare':
        return settings
    settings['connection']['autoconnect'] = dbus.Boolean(False)
    settings['connection']['permissions'] = dbus.Array(['user:alice:'], signature='s')
    settings['802-11-wireless']['mode'] = 'infrastructure'
    settings['802-11-wireless']['security'] = '802-11-wireless-security'
    settings['ipv4'] = s({
        'method': 'manual',
        'address-data': dbus.Array([dbus.Dictionary({'address': '10.0.0.5', 'prefix': dbus.UInt32(24)}, signature='sv')],
                                   signature='a{sv}'),
        'gateway': '10.0.0.1',
        'dns': dbus.Array([dbus.UInt32(0x08080808)], signature='u'),
    })
    settings['ipv6'] = s({'method': 'ignore'})
    if kind == 'wpa':
        settings['802-11-wireless-security'] = s({'key-mgmt': 'wpa-psk', 'psk': 'oldpass1', 'psk-flags': dbus.UInt32(0),
                                                  'pmf': dbus.Int32(2)})
    else:
        settings['802-11-wireless-security'] = s({'key-mgmt': 'wpa-eap'})
        settings['802-1x'] = s({
            'eap': dbus.Array(['peap'], signature='s'),
            'identity': 'old-alice',
            'phase2-auth': 'mschapv2',
            'ca-cert': dbus.Array(dbus.ByteArray(b'file:///etc/ssl/campus-ca.pem\0'), signature='y'),
            'domain-suffix-match': 'radius.campus.example',
            'password': 'oldpw',
            'private-key-password': 'keypw',
        })
    return settings


def add_saved_profile(ssid, kind, secrets_fail, record):
    """Adds the saved profile; its GetSettings, GetSecrets and Update behave as NetworkManager's
    do (secrets only through GetSecrets; Update replaces every setting) and are recorded."""
    settings_obj = dbusmock.get_object(nm.SETTINGS_OBJ)
    full = saved_settings(ssid, kind)
    public = {g: {k: v for k, v in keys.items() if k not in SECRET_KEYS} for g, keys in full.items()}
    path = settings_obj.SettingsAddConnection(dbus.Dictionary(
        {g: dbus.Dictionary(keys, signature='sv') for g, keys in public.items()}, signature='sa{sv}'))
    connection = dbusmock.get_object(path)
    connection.saoma_settings = full

    def get_settings(self):
        return dbus.Dictionary({g: dbus.Dictionary({k: v for k, v in keys.items() if k not in SECRET_KEYS}, signature='sv')
                                for g, keys in self.saoma_settings.items()}, signature='sa{sv}')

    def get_secrets(self, group):
        record({'method': 'GetSecrets', 'group': str(group)})
        if secrets_fail:
            raise dbus.exceptions.DBusException('Not authorized to read secrets',
                                                name='org.freedesktop.NetworkManager.Settings.Connection.PermissionDenied')
        keys = {k: v for k, v in self.saoma_settings.get(str(group), {}).items() if k in SECRET_KEYS}
        return dbus.Dictionary({group: dbus.Dictionary(keys, signature='sv')}, signature='sa{sv}')

    def update(self, settings):
        record({'method': 'Update', 'connection': str(self.connection_path), 'settings': plain(settings)})
        self.saoma_settings = {str(g): dict(keys) for g, keys in settings.items()}

    connection.ConnectionGetSettings = get_settings
    connection.ConnectionGetSecrets = get_secrets
    connection.ConnectionUpdate = update
