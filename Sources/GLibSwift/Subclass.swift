// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Registers `name` as a subclass of `parent` that adds no fields (its class and instances are
/// the parent's size; a Swift owner is found through the instance's object data) and whose
/// `classInit` overrides virtual functions in the class GObject copied from the parent's.
public func registerSubclass(of parent: GType, named name: String, classInit: GClassInitFunc) -> GType {
    var query = GTypeQuery()
    g_type_query(parent, &query)
    var info = GTypeInfo()
    info.class_size = guint16(query.class_size)
    info.instance_size = guint16(query.instance_size)
    info.class_init = classInit
    return g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
}
