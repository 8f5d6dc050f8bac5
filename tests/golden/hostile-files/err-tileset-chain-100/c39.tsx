<?xml version="1.0"?>
<tileset name="c39"><tileset/><tileset firstgid="9" source="c40.tsx"/></tileset>
