// SPDX-License-Identifier: GPL-3.0-or-later
// PipeWireTestCamera: a test camera served as a bare PipeWire `Video/Source` node (a pw_stream
// producer, PW_DIRECTION_OUTPUT, media.role=Camera, driving its own timer), as a virtual or
// portal camera can be: no device object behind it.
//
//   PipeWireTestCamera [--name NODE_NAME] [--description TEXT] [--formats YUY2,NV12,I420,MJPG]
//                      [--modes 1280x720@30,640x480@30] [--scene FILE] [--offer WxH@NUM/DENOM]...
//                      [--controls NAME=TYPE:MIN:MAX:STEP:VALUE,...] [--props-log FILE]
//
// --scene is a binary PPM (P6) or PGM (P5), maxval 255, scaled nearest-neighbour to the
// negotiated size and converted to BT.601 limited-range YCbCr; re-read whenever its mtime, size
// or inode changes (write a new file and rename it over to swap scenes). Without it (or while it
// is unreadable) frames are a grey ramp. For MJPG the scene is a JPEG file served byte for byte
// as every frame (its size should be the negotiated one).
// Every format is offered at every mode (one EnumFormat each, fixed size and rate).
// --offer (repeatable) offers one more size and rate with each format, any 32-bit values as they
// are (4294967295x4294967295@4294967295/2): what a hostile PipeWire client may announce; it is
// never streamed.
// --controls publishes camera controls as PipeWire's V4L2 source does: one PropInfo each (id
// SPA_PROP_START_CUSTOM + the V4L2 control id of NAME: focus_auto, focus_absolute or
// zoom_absolute), and a Props param with their current values. TYPE int gives an Int step choice
// (VALUE, MIN, MAX, STEP), bool a Bool choice, menu an Int enum; float, long and string announce
// the control with that type instead, and short as a Choice cut after its type and flags (no
// child pod): what a hostile client may do. Values are sent as given,
// whatever they are (MIN above MAX, VALUE outside). Each Props a client sets changes the
// current values, and with --props-log FILE appends one line `NAME VALUE` per control it names.
//
// Once its node exists it prints one line `ready NODE_ID NODE_NAME` on stdout; it prints
// `streaming WIDTHxHEIGHT FORMAT` when a consumer starts streaming. SIGTERM or SIGINT stop it
// (its node disappears). Output lines nobody reads are dropped (SIGPIPE is ignored).
// Exit status 2 on bad arguments, 1 when PipeWire cannot be reached.
#pragma once
