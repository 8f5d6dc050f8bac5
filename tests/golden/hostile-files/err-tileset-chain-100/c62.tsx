<?xml version="1.0"?>
<tileset name="c62"><tileset/><tileset firstgid="9" source="c63.tsx"/></tileset>
