<?xml version="1.0"?>
<tileset name="c47"><tileset/><tileset firstgid="9" source="c48.tsx"/></tileset>
