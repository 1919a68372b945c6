#!/bin/sh
set -e
codesign --force --options runtime --sign "Developer ID Application: Example" \
    --entitlements "$SRCROOT/Mac/Mac.entitlements" build/Journal.app
