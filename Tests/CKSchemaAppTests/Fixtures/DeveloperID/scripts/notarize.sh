#!/bin/sh
set -e
codesign --force --options runtime --sign "Developer ID Application: Example" \
    --entitlements "$SRCROOT/Mac/Mac.entitlements" build/Journal.app
# What was signed, for the log: -d writes the entitlements out (to standard output here), it signs nothing.
codesign -d --entitlements - --xml build/Journal.app
codesign --display --entitlements :- build/Journal.app
